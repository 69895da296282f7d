" :MvilintBuffer lints the current buffer, saved or not, into the quickfix list.
" The buffer is piped to `mvilint lint --stdin-path <its path>`, so the project around it is
" indexed from disk and its configuration applies. The errorformat is the compiler file's.
if exists('g:loaded_mvilint')
  finish
endif
let g:loaded_mvilint = 1

function! s:LintBuffer() abort
  " Read the compiler file's errorformat without changing this buffer's compiler settings.
  let l:saved = [&l:makeprg, &l:errorformat, get(b:, 'current_compiler', v:null)]
  compiler mvilint
  let l:efm = &l:errorformat
  let [&l:makeprg, &l:errorformat] = l:saved[0:1]
  if l:saved[2] is v:null | unlet! b:current_compiler | else | let b:current_compiler = l:saved[2] | endif
  let l:lines = systemlist('mvilint lint --quiet --stdin-path ' . shellescape(expand('%:p')), getline(1, '$'))
  call setqflist([], ' ', {'title': 'mvilint ' . expand('%'), 'lines': l:lines, 'efm': l:efm})
  cwindow
endfunction

command! MvilintBuffer call s:LintBuffer()
