-- Drives `mvilint lsp` from Neovim's built-in client (0.7 or newer), headless. Run by
-- Tests/Scripts/neovim_lsp.sh, which sets MVILINT_BIN, PROJECT_ROOT, FILE and EXPECTED (the
-- command line's findings for FILE, one `line:column rule_id` per line).
--
-- Checks: the diagnostics of the open buffer (rule ids and positions, as the command line
-- reports them); positions after an emoji is typed before a finding (UTF-16 on the wire, byte
-- columns in Neovim); hover on a finding; a quick fix applied through the client's code-action
-- request (the buffer's text, and the diagnostic gone once the edit is linted); a "suppress on
-- this line" action; and that nothing was written to disk.

local bin = os.getenv('MVILINT_BIN')
local root = os.getenv('PROJECT_ROOT')
local file = os.getenv('FILE')
local expected_text = os.getenv('EXPECTED') or ''
local failures = {}

local function check(condition, message)
  if not condition then table.insert(failures, message) end
  return condition
end

local function finish()
  if #failures == 0 then
    io.stdout:write('neovim_lsp: ok\n')
    os.exit(0)
  end
  for _, m in ipairs(failures) do io.stderr:write('neovim_lsp: ' .. m .. '\n') end
  os.exit(1)
end

local function sorted_diagnostics(bufnr)
  local list = vim.diagnostic.get(bufnr)
  table.sort(list, function(a, b)
    if a.lnum ~= b.lnum then return a.lnum < b.lnum end
    if a.col ~= b.col then return a.col < b.col end
    return tostring(a.code) < tostring(b.code)
  end)
  return list
end

local function describe(list)
  local out = {}
  for _, d in ipairs(list) do table.insert(out, string.format('%d:%d %s', d.lnum + 1, d.col + 1, tostring(d.code))) end
  return out
end

local function find(list, code)
  for _, d in ipairs(list) do if d.code == code then return d end end
  return nil
end

local original = table.concat(vim.fn.readfile(file), '\n')
vim.cmd('edit ' .. vim.fn.fnameescape(file))
local bufnr = vim.api.nvim_get_current_buf()
local client_id = vim.lsp.start_client({ name = 'mvilint', cmd = { bin, 'lsp' }, root_dir = root })
if not check(client_id ~= nil, 'vim.lsp.start_client failed') then finish() end
vim.lsp.buf_attach_client(bufnr, client_id)

-- The findings of the command line, at the same positions (the file is ASCII, so characters,
-- UTF-16 units and bytes coincide).
local expected = {}
for line in expected_text:gmatch('[^\n]+') do table.insert(expected, line) end
table.sort(expected, function(a, b)
  local la, ca = a:match('^(%d+):(%d+)')
  local lb, cb = b:match('^(%d+):(%d+)')
  if tonumber(la) ~= tonumber(lb) then return tonumber(la) < tonumber(lb) end
  if tonumber(ca) ~= tonumber(cb) then return tonumber(ca) < tonumber(cb) end
  return a < b
end)
check(#expected >= 5, 'the command line reported ' .. #expected .. ' findings; expected at least 5')
local arrived = vim.wait(60000, function() return #vim.diagnostic.get(bufnr) >= #expected end, 50)
check(arrived, 'timed out waiting for diagnostics')
local got = describe(sorted_diagnostics(bufnr))
check(vim.deep_equal(got, expected), 'diagnostics ' .. vim.inspect(got) .. ' differ from the command line\'s ' .. vim.inspect(expected))
for _, id in ipairs({ 'owned_model_state_object', 'private_view_state', 'side_effect_in_body', 'view_mutates_state', 'prefer_task_modifier' }) do
  check(find(sorted_diagnostics(bufnr), id) ~= nil, 'no ' .. id .. ' diagnostic')
end
local owned = find(sorted_diagnostics(bufnr), 'owned_model_state_object')
if not check(owned ~= nil, 'no owned_model_state_object to fix') then finish() end
check(owned.source == 'mvilint', 'source is ' .. tostring(owned.source))
local owned_line, owned_col = owned.lnum, owned.col

-- Hover on the finding: the rule's summary.
local hover = vim.lsp.buf_request_sync(bufnr, 'textDocument/hover', {
  textDocument = { uri = vim.uri_from_bufnr(bufnr) }, position = { line = owned_line, character = owned_col + 1 },
}, 10000)
local hover_text = ''
for _, response in pairs(hover or {}) do
  if response.result and response.result.contents then hover_text = response.result.contents.value or '' end
end
check(hover_text:find('owned_model_state_object', 1, true) ~= nil, 'hover does not name the rule: ' .. hover_text)

-- An emoji and an accented letter typed before the finding, on its line: 2 UTF-16 units and 4
-- bytes, 1 unit and 2 bytes. Neovim converts the server's UTF-16 columns to byte columns.
local inserted = '/* 😀é */ '
local indent = #(vim.api.nvim_buf_get_lines(bufnr, owned_line, owned_line + 1, false)[1]:match('^%s*'))
vim.api.nvim_buf_set_text(bufnr, owned_line, indent, owned_line, indent, { inserted })
local moved = vim.wait(20000, function()
  local d = find(sorted_diagnostics(bufnr), 'owned_model_state_object')
  return d ~= nil and d.col == owned_col + #inserted
end, 50)
check(moved, string.format('after typing %q the finding is not at byte column %d: %s', inserted, owned_col + #inserted,
  vim.inspect(describe(sorted_diagnostics(bufnr)))))
owned = find(sorted_diagnostics(bufnr), 'owned_model_state_object')

-- The quick fix, through the client's code-action request.
local function actions_at(line, col)
  local line_diagnostics = vim.lsp.diagnostic.get_line_diagnostics(bufnr, line)
  local responses = vim.lsp.buf_request_sync(bufnr, 'textDocument/codeAction', {
    textDocument = { uri = vim.uri_from_bufnr(bufnr) },
    range = { start = { line = line, character = col }, ['end'] = { line = line, character = col } },
    context = { diagnostics = line_diagnostics },
  }, 10000)
  local all = {}
  for _, response in pairs(responses or {}) do
    for _, a in ipairs(response.result or {}) do table.insert(all, a) end
  end
  return all
end

local fix
for _, a in ipairs(actions_at(owned.lnum, owned.col)) do
  if a.isPreferred and a.kind == 'quickfix' then fix = a end
end
if check(fix ~= nil, 'no preferred quick fix for owned_model_state_object') then
  check(fix.title:find('StateObject', 1, true) ~= nil, 'fix title: ' .. fix.title)
  vim.lsp.util.apply_workspace_edit(fix.edit, 'utf-16')
  local line = vim.api.nvim_buf_get_lines(bufnr, owned.lnum, owned.lnum + 1, false)[1]
  check(line == string.rep(' ', indent) .. inserted .. '@StateObject private var viewModel = OrdersViewModel()', 'fixed line: ' .. line)
  local gone = vim.wait(20000, function() return find(sorted_diagnostics(bufnr), 'owned_model_state_object') == nil end, 50)
  check(gone, 'owned_model_state_object is still reported after the fix: ' .. vim.inspect(describe(sorted_diagnostics(bufnr))))
end

-- "Suppress on this line" for prefer_task_modifier: a comment with the line's indentation.
local task = find(sorted_diagnostics(bufnr), 'prefer_task_modifier')
if check(task ~= nil, 'no prefer_task_modifier diagnostic') then
  local suppress
  for _, a in ipairs(actions_at(task.lnum, task.col)) do
    if a.title == 'Suppress `prefer_task_modifier` on this line' then suppress = a end
  end
  if check(suppress ~= nil, 'no suppression action for prefer_task_modifier') then
    local before = vim.api.nvim_buf_get_lines(bufnr, task.lnum, task.lnum + 1, false)[1]
    vim.lsp.util.apply_workspace_edit(suppress.edit, 'utf-16')
    local comment = vim.api.nvim_buf_get_lines(bufnr, task.lnum, task.lnum + 1, false)[1]
    check(comment == before:match('^%s*') .. '// mvilint:disable:next prefer_task_modifier', 'suppression comment: ' .. comment)
    local silenced = vim.wait(20000, function()
      local list = sorted_diagnostics(bufnr)
      return find(list, 'prefer_task_modifier') == nil and find(list, 'unused_suppression') == nil
    end, 50)
    check(silenced, 'after the suppression: ' .. vim.inspect(describe(sorted_diagnostics(bufnr))))
  end
end

-- Only the buffer changed.
check(table.concat(vim.fn.readfile(file), '\n') == original, 'the file on disk changed')
vim.lsp.stop_client(client_id)
vim.wait(5000, function() return vim.lsp.get_client_by_id(client_id) == nil end, 50)
finish()
