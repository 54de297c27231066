-- :DocsAsk / :DocsAskNew — ask the docs assistant (through docs-lsp) and stream the answer into a
-- scratch buffer (kept, filetype markdown) shown in a floating window.
local M = {}

M.DEFAULT_QUESTION = 'explain this selection in the context of this site'
M.BUFNAME = 'docs-assistant://answers'

local state = {
  buf = nil, ---@type integer?
  win = nil, ---@type integer?
  history = {}, ---@type string[] lines of earlier conversations
  entries = {}, ---@type table[] current conversation, in order
  by_id = {}, ---@type table<string, table>
  counter = 0,
}
M._state = state

local function docs_lsp() return require('docs_lsp') end

--- The scratch buffer holding every answer (created on demand, kept when the window closes).
function M.buffer()
  if state.buf and vim.api.nvim_buf_is_valid(state.buf) then return state.buf end
  local buf = vim.api.nvim_create_buf(true, true) -- listed scratch buffer: :w it to keep a copy
  vim.api.nvim_buf_set_name(buf, M.BUFNAME)
  vim.bo[buf].buftype = 'nofile'
  vim.bo[buf].bufhidden = 'hide'
  vim.bo[buf].swapfile = false
  vim.bo[buf].filetype = 'markdown'
  vim.keymap.set('n', 'q', function() M.close() end, { buffer = buf, desc = 'Close the docs assistant window' })
  state.buf = buf
  return buf
end

function M.window() return (state.win and vim.api.nvim_win_is_valid(state.win)) and state.win or nil end

--- Opens (or focuses) the floating window on the answer buffer.
function M.open()
  local buf = M.buffer()
  local win = M.window()
  if win then return win end
  local f = docs_lsp().options.float or {}
  local width = math.max(40, math.floor(vim.o.columns * (f.width or 0.7)))
  local height = math.max(8, math.floor((vim.o.lines - 2) * (f.height or 0.6)))
  width = math.min(width, vim.o.columns - 2)
  height = math.min(height, math.max(1, vim.o.lines - 4))
  win = vim.api.nvim_open_win(buf, true, {
    relative = 'editor',
    width = width,
    height = height,
    row = math.floor((vim.o.lines - height) / 2) - 1,
    col = math.floor((vim.o.columns - width) / 2),
    style = 'minimal',
    border = f.border or 'rounded',
    title = ' Docs assistant (q: close, :DocsAskNew: new conversation) ',
    title_pos = 'center',
  })
  vim.wo[win].wrap = true
  vim.wo[win].linebreak = true
  vim.wo[win].conceallevel = 2
  state.win = win
  return win
end

function M.close()
  local win = M.window()
  if win then vim.api.nvim_win_close(win, true) end
  state.win = nil
end

local function split(s) return vim.split(s, '\n', { plain = true }) end

--- Lines of one question and its (partial) answer.
function M.render_entry(e)
  local lines = { '## ' .. e.question }
  if e.context then table.insert(lines, '_' .. e.context .. '_') end
  table.insert(lines, '')
  vim.list_extend(lines, split(e.text))
  if not e.done then
    table.insert(lines, '')
    table.insert(lines, '_… answering_')
  end
  if e.error then
    table.insert(lines, '')
    table.insert(lines, '> **Error:** ' .. e.error)
  elseif e.incomplete then
    table.insert(lines, '')
    table.insert(lines, '> _The answer was cut short (incomplete)._')
  end
  if e.sources and #e.sources > 0 then
    table.insert(lines, '')
    table.insert(lines, '**Sources**')
    for _, s in ipairs(e.sources) do
      local label = s.title or s.url or 'source'
      table.insert(lines, s.url and ('- [' .. label .. '](' .. s.url .. ')') or ('- ' .. label))
    end
  end
  table.insert(lines, '')
  return lines
end

function M.render()
  local buf = M.buffer()
  local lines = vim.deepcopy(state.history)
  for _, e in ipairs(state.entries) do vim.list_extend(lines, M.render_entry(e)) end
  vim.bo[buf].modifiable = true
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  local win = M.window()
  if win then pcall(vim.api.nvim_win_set_cursor, win, { #lines, 0 }) end
end

--- The text of the answer buffer (for tests and scripts).
function M.text()
  return table.concat(vim.api.nvim_buf_get_lines(M.buffer(), 0, -1, false), '\n')
end

local function merge_sources(into, more)
  if type(more) ~= 'table' then return end
  for _, s in ipairs(more) do
    local dup = false
    for _, t in ipairs(into) do
      if t.url == s.url and t.title == s.title then dup = true end
    end
    if not dup then table.insert(into, { url = s.url ~= vim.NIL and s.url or nil, title = s.title ~= vim.NIL and s.title or nil }) end
  end
end

local function str(v) return (type(v) == 'string' and v ~= '') and v or nil end

--- Handler of the server's `docsLsp/assistantAnswer` notification.
function M.on_answer(_, p, _)
  if type(p) ~= 'table' then return end
  local e = state.by_id[p.id]
  if not e then
    -- an id we did not choose (e.g. a code action run elsewhere): show it anyway
    e = { id = p.id, question = M.DEFAULT_QUESTION, text = '', sources = {}, done = false }
    state.by_id[p.id] = e
    table.insert(state.entries, e)
    M.open()
  end
  if e.done then return end
  if type(p.delta) == 'string' then e.text = e.text .. p.delta end
  merge_sources(e.sources, p.sources)
  e.error = str(p.error) or e.error
  if p.incomplete == true then e.incomplete = true end
  e.thread_id = str(p.threadId) or e.thread_id
  if p.done == true then e.done = true end
  M.render()
end

local function on_result(e, err, result)
  if err then
    e.error = err.message or vim.inspect(err)
  elseif type(result) == 'table' then
    if type(result.text) == 'string' and #result.text >= #e.text then e.text = result.text end
    merge_sources(e.sources, result.sources)
    e.error = str(result.error) or e.error
    if result.incomplete == true then e.incomplete = true end
    e.thread_id = str(result.threadId) or e.thread_id
  end
  e.done = true
  M.render()
  if e.error then vim.notify('docs assistant: ' .. e.error, vim.log.levels.WARN) end
end

--- Sends docsLsp.askAssistant. `question` nil lets the server use its default question.
---@param arg {uri:string, range:table, question?:string}
function M.send(client, arg, context)
  state.counter = state.counter + 1
  local id = string.format('nvim-%d-%d', vim.fn.getpid(), state.counter)
  local e = { id = id, question = arg.question or M.DEFAULT_QUESTION, context = context, text = '', sources = {}, done = false }
  state.by_id[id] = e
  table.insert(state.entries, e)
  M.open()
  M.render()
  local argument = { uri = arg.uri, range = arg.range, id = id, question = arg.question }
  client:request('workspace/executeCommand', { command = 'docsLsp.askAssistant', arguments = { argument } }, function(err, result)
    on_result(e, err, result)
  end)
  return e
end

--- Prompts with vim.ui.input when `question` is nil or empty, then calls `cb(question_or_nil)`.
--- Cancelling the prompt calls nothing; an empty answer means the server's default question.
function M.prompt(question, cb)
  if question and question ~= '' then return cb(question) end
  vim.ui.input({ prompt = 'Ask the docs assistant: ', default = '' }, function(input)
    if input == nil then return end
    input = vim.trim(input)
    cb(input ~= '' and input or nil)
  end)
end

--- The LSP range of the command's line range, or of the last visual selection when it covers it.
local function selection_range(bufnr, line1, line2, has_range, offset_encoding)
  local s, e
  if has_range then
    local vs, ve = vim.fn.getpos("'<"), vim.fn.getpos("'>")
    if vs[2] == line1 and ve[2] == line2 and vim.fn.visualmode() == 'v' then
      s, e = { vs[2] - 1, vs[3] - 1 }, { ve[2] - 1, ve[3] }
      local last = vim.api.nvim_buf_get_lines(bufnr, e[1], e[1] + 1, false)[1] or ''
      e[2] = math.min(e[2], #last)
    else
      local last = vim.api.nvim_buf_get_lines(bufnr, line2 - 1, line2, false)[1] or ''
      s, e = { line1 - 1, 0 }, { line2 - 1, #last }
    end
  else
    local cur = vim.api.nvim_win_get_cursor(0)
    local line = vim.api.nvim_buf_get_lines(bufnr, cur[1] - 1, cur[1], false)[1] or ''
    s, e = { cur[1] - 1, 0 }, { cur[1] - 1, #line }
  end
  -- byte columns -> the client's position encoding
  local function conv(p)
    local text = vim.api.nvim_buf_get_lines(bufnr, p[1], p[1] + 1, false)[1] or ''
    local col = vim.str_utfindex(text, offset_encoding, math.min(p[2], #text), false)
    return { line = p[1], character = col }
  end
  return { start = conv(s), ['end'] = conv(e) }
end

--- :[range]DocsAsk [question]
function M.ask(opts)
  opts = opts or {}
  local bufnr = vim.api.nvim_get_current_buf()
  local client = docs_lsp().get_client(bufnr)
  if not client then
    vim.notify('docs-lsp is not running for this buffer (call require("docs_lsp").setup() and open a file of a docs site)', vim.log.levels.ERROR)
    return
  end
  local range = selection_range(bufnr, opts.line1 or 1, opts.line2 or 1, (opts.range or 0) > 0, client.offset_encoding or 'utf-16')
  local uri = vim.uri_from_bufnr(bufnr)
  local context = string.format('%s:%d-%d', vim.fn.fnamemodify(vim.api.nvim_buf_get_name(bufnr), ':~:.'), range.start.line + 1, range['end'].line + 1)
  M.prompt(opts.question, function(question)
    M.send(client, { uri = uri, range = range, question = question }, context)
  end)
end

--- The server's code action command: prompt for the question, then ask with its uri and range.
function M.from_code_action(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  local arg = command.arguments and command.arguments[1] or {}
  if not client or type(arg) ~= 'table' or not arg.uri then return end
  M.prompt(arg.question, function(question)
    local context = vim.fn.fnamemodify(vim.uri_to_fname(arg.uri), ':~:.')
    M.send(client, { uri = arg.uri, range = arg.range, question = question }, context)
  end)
end

--- :DocsAskNew — the server forgets the thread; earlier answers stay in the buffer.
function M.new_conversation()
  local client = docs_lsp().get_client(0)
  if #state.entries > 0 then
    local buf = M.buffer()
    state.history = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
    vim.list_extend(state.history, { '---', '_New conversation_', '' })
  end
  state.entries, state.by_id = {}, {}
  M.render()
  if not client then
    vim.notify('docs-lsp is not running', vim.log.levels.WARN)
    return
  end
  client:request('workspace/executeCommand', { command = 'docsLsp.newConversation', arguments = {} }, function(err)
    if err then vim.notify('docsLsp.newConversation: ' .. (err.message or ''), vim.log.levels.WARN) end
  end)
end

return M
