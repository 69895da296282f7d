" Vim and Neovim compiler file for mvilint: `:compiler mvilint`, then `:make [path]`.
" Reads the default (xcode) format: `path:line:column: error|warning|note: message (rule_id)`.
if exists('current_compiler')
  finish
endif
let current_compiler = 'mvilint'

if exists(':CompilerSet') != 2
  command -nargs=* CompilerSet setlocal <args>
endif

CompilerSet makeprg=mvilint\ lint\ --quiet
CompilerSet errorformat=%f:%l:%c:\ %trror:\ %m,%f:%l:%c:\ %tarning:\ %m,%f:%l:%c:\ %tote:\ %m
