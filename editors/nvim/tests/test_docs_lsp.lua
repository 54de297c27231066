-- Headless tests of the docs_lsp Neovim plugin against the real docs-lsp binary.
-- Run through tests/run.sh, which starts the loopback assistant server and sets:
--   DOCS_LSP (binary), ASSISTANT_PORT, REQUEST_LOG, PLUGIN_DIR, FIXTURE_DIR, TEST_TIMEOUT_MS
local env = vim.env
local timeout = tonumber(env.TEST_TIMEOUT_MS or '20000')
local SECRET = 'sk-test-SECRET-7c1e'
local FULL = 'A tab may hold anchors or groups, but not both at the same level. Move the groups into an anchor.'

vim.opt.rtp:prepend(env.PLUGIN_DIR)
vim.cmd.runtime('plugin/docs_lsp.lua')

local function say(s) io.stdout:write(s, '\n') io.stdout:flush() end

local results = { passed = 0, failed = 0 }
local function step(name, fn)
  local ok, err = pcall(fn)
  if ok then
    results.passed = results.passed + 1
    say('ok - ' .. name)
  else
    results.failed = results.failed + 1
    say('not ok - ' .. name)
    for line in tostring(err):gmatch('[^\n]+') do print('#   ' .. line) end
  end
  io.stdout:flush()
end

local function wait_for(what, cond, ms)
  if not vim.wait(ms or timeout, cond, 10) then error('timed out waiting for ' .. what, 2) end
end

local function requests()
  local out = {}
  local f = io.open(env.REQUEST_LOG, 'r')
  if not f then return out end
  for line in f:lines() do table.insert(out, vim.json.decode(line)) end
  f:close()
  return out
end

local ask = function() return require('docs_lsp.ask') end

local function client() return vim.lsp.get_clients({ name = 'docs_lsp' })[1] end

--- :DocsAsk and wait for the answer, recording whether a partial answer was visible in between.
local function ask_and_wait(cmdline)
  local before = #ask()._state.entries
  vim.cmd(cmdline)
  wait_for('the question to be sent', function() return #ask()._state.entries > before end, 5000)
  local entry = ask()._state.entries[#ask()._state.entries]
  local saw_partial = false
  wait_for('the streamed answer to finish', function()
    local text = ask().text()
    if text:find('A tab may hold', 1, true) and not text:find('Move the groups into an anchor.', 1, true) then saw_partial = true end
    return entry.done
  end)
  return entry, saw_partial
end

step('setup() registers docs_lsp with vim.lsp.config and enables it', function()
  require('docs_lsp').setup({
    cmd = { env.DOCS_LSP },
    settings = {
      assistant = { baseUrl = 'http://127.0.0.1:' .. env.ASSISTANT_PORT, domain = 'fixture-site', apiKey = SECRET },
      diagnostics = { debounceMs = 50 },
    },
  })
  local cfg = vim.lsp.config.docs_lsp
  assert(cfg, 'vim.lsp.config.docs_lsp is missing')
  assert(cfg.cmd[1] == env.DOCS_LSP, 'cmd: ' .. vim.inspect(cfg.cmd))
  assert(vim.deep_equal(cfg.root_markers, { 'docs.json' }), 'root_markers: ' .. vim.inspect(cfg.root_markers))
  for _, ft in ipairs({ 'json', 'jsonc', 'mdx', 'markdown', 'yaml' }) do
    assert(vim.tbl_contains(cfg.filetypes, ft), 'filetype ' .. ft)
  end
  assert(cfg.settings.docsLsp.assistant.domain == 'fixture-site', 'settings passed through')
  assert(cfg.init_options.diagnostics.debounceMs == 50, 'init_options = settings')
  if vim.lsp.is_enabled then assert(vim.lsp.is_enabled('docs_lsp'), 'not enabled') end
  assert(vim.fn.exists(':DocsAsk') == 2 and vim.fn.exists(':DocsAskNew') == 2, 'user commands')
  assert(vim.lsp.commands['docsLsp.askAssistant'], 'code action command handler')
end)

local docs_json = env.FIXTURE_DIR .. '/docs.json'
local docs_buf

step('opening docs.json of the fixture site attaches docs-lsp (jsonc, root = site)', function()
  vim.cmd.edit(vim.fn.fnameescape(docs_json))
  docs_buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[docs_buf].filetype == 'jsonc', 'filetype is ' .. vim.bo[docs_buf].filetype)
  wait_for('docs-lsp to attach', function() return #vim.lsp.get_clients({ bufnr = docs_buf, name = 'docs_lsp' }) > 0 end)
  local c = client()
  wait_for('initialize', function() return c.initialized end)
  assert(vim.fs.normalize(c.root_dir) == vim.fs.normalize(env.FIXTURE_DIR), 'root_dir ' .. tostring(c.root_dir))
  say('#   server: ' .. vim.inspect(c.server_info, { newline = ' ', indent = '' }))
end)

step('docs.json gets a missing-page diagnostic for the page that does not exist', function()
  local found
  wait_for('a missing-page diagnostic', function()
    for _, d in ipairs(vim.diagnostic.get(docs_buf)) do
      if d.code == 'missing-page' then found = d return true end
    end
  end)
  -- the entry "guides/not-written-yet" is on line 15 (1-based) of the fixture
  assert(found.lnum == 14, 'diagnostic on line ' .. (found.lnum + 1) .. ': ' .. found.message)
end)

--- Labels of the completion items at (0-based) line, character of the docs.json buffer.
local function completion_labels(line, character)
  local params = { textDocument = { uri = vim.uri_from_bufnr(docs_buf) }, position = { line = line, character = character } }
  local res = vim.lsp.buf_request_sync(docs_buf, 'textDocument/completion', params, timeout)
  local labels = {}
  for _, r in pairs(res or {}) do
    local items = r.result and (r.result.items or r.result) or {}
    for _, it in ipairs(items) do labels[it.label] = true end
  end
  return labels
end

step('completion in a pages string offers page paths, the unlisted page among them', function()
  -- line 14 (1-based) is `          "quickstart",`: just after the opening quote
  local labels = completion_labels(13, 11)
  assert(labels['guides/extra'], 'guides/extra offered: ' .. vim.inspect(vim.tbl_keys(labels)))
  assert(labels['quickstart'], 'quickstart offered')
end)

step('completion in an endpoint entry offers the endpoints of the inherited spec', function()
  -- line 22 (1-based) is `          "GET /pets"` under the group with "openapi": "openapi.yaml"
  local labels = completion_labels(21, 11)
  assert(labels['GET /pets'] and labels['POST /pets'], 'endpoints offered: ' .. vim.inspect(vim.tbl_keys(labels)))
end)

step('a half-typed key in docs.json keeps the outline and completes the group\'s keys', function()
  -- line 11 (1-based) is `        "group": "Getting started",`: a key `""` typed before it
  vim.api.nvim_set_current_buf(docs_buf)
  vim.api.nvim_buf_set_text(docs_buf, 10, 8, 10, 8, { '"" ' })
  wait_for('the syntax error', function()
    for _, d in ipairs(vim.diagnostic.get(docs_buf)) do
      if d.message:find('invalid JSON', 1, true) then return true end
    end
  end)
  -- checked, then the text restored whatever they found, so that a failure here stays here
  local ok, err = pcall(function()
    local params = { textDocument = { uri = vim.uri_from_bufnr(docs_buf) } }
    local res = vim.lsp.buf_request_sync(docs_buf, 'textDocument/documentSymbol', params, timeout)
    local names = {}
    local function walk(list)
      for _, s in ipairs(list or {}) do
        names[s.name] = true
        walk(s.children)
      end
    end
    for _, r in pairs(res or {}) do walk(r.result) end
    assert(names['Getting started'] and names['API'] and names['quickstart'],
      'outline while broken: ' .. vim.inspect(vim.tbl_keys(names)))
    local labels = completion_labels(10, 9)
    assert(labels['expanded'] and labels['icon'], 'group keys offered: ' .. vim.inspect(vim.tbl_keys(labels)))
  end)
  -- the key deleted again: the text as on disk, as the later steps expect it
  vim.api.nvim_buf_set_text(docs_buf, 10, 8, 10, 11, { '' })
  vim.bo[docs_buf].modified = false
  wait_for('the missing-page diagnostic again', function()
    local broken, missing = false, false
    for _, d in ipairs(vim.diagnostic.get(docs_buf)) do
      if d.message:find('invalid JSON', 1, true) then broken = true end
      if d.code == 'missing-page' then missing = true end
    end
    return missing and not broken
  end)
  if not ok then error(err, 0) end
end)

step('completion in a half-typed front matter list offers the list\'s values', function()
  vim.cmd.edit(vim.fn.fnameescape(env.FIXTURE_DIR .. '/quickstart.mdx'))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp to attach to the page', function()
    return #vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' }) > 0
  end)
  -- the YAML does not parse while `[copy, cl` is being typed: the cursor is after `cl`
  vim.api.nvim_buf_set_lines(buf, 1, 1, false, { 'contextual:', '  options: [copy, cl' })
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 2, character = 20 } }
  local res = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, timeout)
  local labels, edits = {}, {}
  for _, r in pairs(res or {}) do
    for _, it in ipairs(r.result and (r.result.items or r.result) or {}) do
      labels[it.label] = true
      if it.textEdit then edits[#edits + 1] = it.textEdit end
    end
  end
  assert(labels['claude'], 'claude offered: ' .. vim.inspect(vim.tbl_keys(labels)))
  for _, e in ipairs(edits) do
    local r = e.range or e.replace
    assert(r.start.line == 2 and r.start.character == 18, 'replaces the item only: ' .. vim.inspect(r))
  end
  vim.cmd('silent! edit!')
end)

step('completion in a front matter that parses offers a nested key\'s values and keeps the siblings out', function()
  vim.cmd.edit(vim.fn.fnameescape(env.FIXTURE_DIR .. '/quickstart.mdx'))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp to attach to the page', function()
    return #vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' }) > 0
  end)
  -- valid YAML (`style:` is null): the query goes down the tree the rules read
  vim.api.nvim_buf_set_lines(buf, 2, 2, false, { 'icon:', '  name: rocket', '  style: ', 'mode: wide' })
  local function labels_at(line, character)
    local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = line, character = character } }
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, timeout)
    local labels = {}
    for _, r in pairs(res or {}) do
      for _, it in ipairs(r.result and (r.result.items or r.result) or {}) do
        labels[it.label] = true
      end
    end
    return labels
  end
  local ok, err = pcall(function()
    local values = labels_at(4, 9)
    assert(values['duotone'], 'icon styles offered: ' .. vim.inspect(vim.tbl_keys(values)))
    -- a new key under `icon:` (blank line at its column): `name` is there already
    vim.api.nvim_buf_set_lines(buf, 5, 5, false, { '  ' })
    local keys = labels_at(5, 2)
    assert(keys['style'] == nil and keys['name'] == nil, 'present keys left out: ' .. vim.inspect(vim.tbl_keys(keys)))
    assert(keys['library'], 'the other icon key offered: ' .. vim.inspect(vim.tbl_keys(keys)))
  end)
  vim.cmd('silent! edit!')
  if not ok then error(err, 0) end
end)

step('go to definition on a page entry jumps to the page file', function()
  vim.api.nvim_set_current_buf(docs_buf)
  vim.api.nvim_win_set_cursor(0, { 14, 13 })
  vim.lsp.buf.definition()
  wait_for('the jump to quickstart.mdx', function()
    return vim.api.nvim_buf_get_name(0):sub(-#'quickstart.mdx') == 'quickstart.mdx'
  end)
  vim.api.nvim_set_current_buf(docs_buf)
end)

local function read_file(path)
  local f = io.open(path, 'r')
  if not f then return nil end
  local text = f:read('*a')
  f:close()
  return text
end

step(':DocsNav shows the sidebar readers will see, and <CR> opens a page', function()
  vim.cmd.edit(vim.fn.fnameescape(docs_json))
  local before = require('docs_lsp.nav').last
  vim.cmd('DocsNav')
  wait_for('the sidebar buffer', function()
    local b = require('docs_lsp.nav').last
    return b and b ~= before and vim.api.nvim_buf_is_valid(b)
  end)
  local buf = require('docs_lsp.nav').last
  local lines = vim.api.nvim_buf_get_lines(buf, 0, -1, false)
  local text = table.concat(lines, '\n')
  assert(lines[1] == 'group Getting started', 'first line: ' .. tostring(lines[1]))
  -- the page's front matter title, not its path; the endpoint with its method from the spec
  assert(text:find('  page [^\n]*%-> quickstart%.mdx'), text)
  assert(text:find('endpoint [^\n]*GET /pets'), text)
  assert(text:find('page Not written yet', 1, true), 'a listed page without a file is still in the sidebar: ' .. text)
  -- it carries the server's mark of its missing-page error; the endpoint, which resolves, none
  assert(text:find('page Not written yet[^\n]*%[error%]'), text)
  assert(not text:find('endpoint [^\n]*GET /pets[^\n]*%[error%]'), text)
  -- an endpoint entry with a problem is marked the same way
  local marked = require('docs_lsp.nav').render({ { kind = 'endpoint', label = 'DELETE /pets', method = 'DELETE', apiPath = '/pets', mark = 'error' } })
  assert(marked[1] == 'endpoint DELETE /pets  DELETE /pets  [error]', marked[1])
  assert(vim.bo[buf].modifiable == false, 'scratch buffer is read-only')
  local row
  for i, l in ipairs(lines) do if l:find('-> quickstart.mdx', 1, true) then row = i end end
  vim.api.nvim_set_current_win(vim.fn.bufwinid(buf))
  vim.api.nvim_win_set_cursor(0, { row, 0 })
  require('docs_lsp.nav').follow(buf)
  wait_for('quickstart.mdx to open', function()
    return vim.api.nvim_buf_get_name(0):find('quickstart.mdx', 1, true) ~= nil
  end, 5000)
  vim.cmd('only')
  -- back in docs.json, its problems are what they were
  vim.api.nvim_set_current_buf(docs_buf)
  local missing
  wait_for('the missing-page diagnostic of docs.json', function()
    missing = vim.tbl_filter(function(d) return d.code == 'missing-page' end, vim.diagnostic.get(docs_buf))
    return #missing == 1
  end)
end)

step(':DocsNav shows closed languages and versions with their node count; <CR> on one asks for its scope', function()
  local nav = require('docs_lsp.nav')
  local lines, targets = nav.render({
    { kind = 'language', label = 'en', scope = { language = 'en' }, count = 2, children = {
      { kind = 'version', label = 'v2', scope = { language = 'en', version = 'v2' }, count = 1, children = {
        { kind = 'page', label = 'Home', page = 'en/v2/index.mdx' } } },
    } },
    { kind = 'language', label = 'fr', scope = { language = 'fr' }, count = 7, elided = true },
  })
  assert(lines[4] == 'language fr  (7 nodes, <CR> opens)', 'closed language: ' .. vim.inspect(lines))
  assert(lines[1] == 'language en', 'open language: ' .. vim.inspect(lines))
  -- <CR> on a closed scope asks the server for it and shows the answer in the same window.
  vim.cmd.edit(vim.fn.fnameescape(docs_json))
  local before = nav.last
  vim.cmd('DocsNav')
  wait_for('the sidebar buffer', function() return nav.last and nav.last ~= before and vim.api.nvim_buf_is_valid(nav.last) end)
  local buf = nav.last
  local win = vim.fn.bufwinid(buf)
  nav._targets[buf] = targets
  vim.api.nvim_set_current_win(win)
  vim.api.nvim_win_set_cursor(0, { 4, 0 })
  nav.follow(buf)
  wait_for('the scope asked for', function() return nav.last ~= buf and vim.api.nvim_buf_is_valid(nav.last) end)
  assert(vim.api.nvim_win_get_buf(win) == nav.last, 'shown in the same window')
  local shown = vim.api.nvim_buf_get_lines(nav.last, 0, -1, false)
  -- the fixture has no languages: its whole sidebar, whatever the scope
  assert(shown[1] == 'group Getting started', 'first line: ' .. tostring(shown[1]))
  vim.cmd('only')
  vim.api.nvim_set_current_buf(docs_buf)
end)

step('the quick fix creates the missing page with a title from its path', function()
  vim.api.nvim_set_current_buf(docs_buf)
  local diags = vim.tbl_filter(function(d) return d.code == 'missing-page' end, vim.diagnostic.get(docs_buf))
  assert(#diags == 1, 'one missing-page diagnostic (not one pushed and one pulled), got ' .. #diags .. vim.inspect(vim.tbl_map(function(x) return {x.namespace, vim.diagnostic.get_namespace(x.namespace).name, x.lnum, x.message} end, diags)))
  local d = diags[1]
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(docs_buf) },
    range = { start = { line = d.lnum, character = d.col }, ['end'] = { line = d.end_lnum, character = d.end_col } },
    context = { diagnostics = { d.user_data.lsp } },
  }
  local res = vim.lsp.buf_request_sync(docs_buf, 'textDocument/codeAction', params, timeout)
  local action
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do
      if a.title == 'Create guides/not-written-yet.mdx' then action = a end
    end
  end
  assert(action and action.edit, 'create-page action offered')
  vim.lsp.util.apply_workspace_edit(action.edit, client().offset_encoding)
  vim.cmd('silent! wall')
  local text = read_file(env.FIXTURE_DIR .. '/guides/not-written-yet.mdx')
  assert(text and text:find('title: Not written yet', 1, true), 'page written: ' .. tostring(text))
end)

step('renaming a page entry moves the file, rewrites the entry, leaves no false error and offers a redirect', function()
  vim.api.nvim_set_current_buf(docs_buf)
  -- Core Neovim answers window/showMessageRequest with a blocking inputlist: answer as a user would.
  local asked = {}
  local orig = vim.lsp.handlers['window/showMessageRequest']
  vim.lsp.handlers['window/showMessageRequest'] = function(_, params)
    table.insert(asked, params.message)
    for _, a in ipairs(params.actions or {}) do
      if a.title == 'Add redirects' then return a end
    end
    return vim.NIL
  end
  -- line 14 (1-based) is `          "quickstart",`
  vim.api.nvim_win_set_cursor(0, { 14, 13 })
  vim.lsp.buf.rename('guides/quick-start')
  wait_for('the rename to apply', function()
    return vim.api.nvim_buf_get_lines(docs_buf, 13, 14, false)[1]:find('guides/quick-start', 1, true) ~= nil
  end)
  vim.api.nvim_set_current_buf(docs_buf)
  vim.cmd('silent! wall')
  assert(vim.uv.fs_stat(env.FIXTURE_DIR .. '/guides/quick-start.mdx'), 'file moved to guides/quick-start.mdx')
  assert(not vim.uv.fs_stat(env.FIXTURE_DIR .. '/quickstart.mdx'), 'old file gone')
  assert(read_file(docs_json):find('"guides/quick-start"', 1, true), 'docs.json on disk rewritten')
  -- Neovim sends neither file-watch events nor didRenameFiles for the move: the server must see it itself.
  local function false_error()
    for _, d in ipairs(vim.diagnostic.get(docs_buf)) do
      if d.message:find('quick-start', 1, true) then return d end
    end
  end
  wait_for('the redirect offered and added', function()
    return table.concat(vim.api.nvim_buf_get_lines(docs_buf, 0, -1, false), '\n'):find('"/quickstart"', 1, true) ~= nil
  end)
  -- The redirect is offered once the server has seen the move: the entry resolves by then.
  wait_for('no diagnostic on the renamed entry', function() return false_error() == nil end)
  vim.lsp.handlers['window/showMessageRequest'] = orig
  assert(#asked == 1, 'asked once: ' .. vim.inspect(asked))
  vim.cmd('silent! wall')
  -- Opening the moved page keeps it resolved.
  vim.cmd.edit(vim.fn.fnameescape(env.FIXTURE_DIR .. '/guides/quick-start.mdx'))
  vim.cmd.buffer(docs_buf)
  vim.wait(300)
  local d = false_error()
  assert(d == nil, 'false error after opening the moved page: ' .. (d and d.message or ''))
end)

step('an .mdx page of the site attaches to the same client', function()
  vim.cmd.edit(vim.fn.fnameescape(env.FIXTURE_DIR .. '/index.mdx'))
  local buf = vim.api.nvim_get_current_buf()
  assert(vim.bo[buf].filetype == 'mdx', 'filetype is ' .. vim.bo[buf].filetype)
  wait_for('attach on index.mdx', function() return #vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' }) > 0 end)
  assert(#vim.lsp.get_clients({ name = 'docs_lsp' }) == 1, 'one client for the site')
end)

step(':DocsAsk what is this streams the answer into the floating window and scratch buffer', function()
  vim.api.nvim_win_set_cursor(0, { 6, 0 })
  local entry, saw_partial = ask_and_wait('DocsAsk what is this')
  assert(entry.error == nil, 'error: ' .. tostring(entry.error))
  local text = ask().text()
  assert(text:find('## what is this', 1, true), 'question shown:\n' .. text)
  assert(text:find(FULL, 1, true), 'full answer shown:\n' .. text)
  assert(saw_partial, 'the answer was never seen partially (not streamed)')
  local win = ask().window()
  assert(win and vim.api.nvim_win_get_config(win).relative ~= '', 'floating window open')
  assert(vim.api.nvim_win_get_buf(win) == ask().buffer(), 'float shows the answer buffer')
  assert(vim.bo[ask().buffer()].filetype == 'markdown')
  local reqs = requests()
  assert(#reqs == 1, #reqs .. ' requests')
  assert(reqs[1].domain == 'fixture-site', 'domain in path: ' .. tostring(reqs[1].path))
  assert(reqs[1].authorization, 'authorization header sent')
  assert(vim.json.encode(reqs[1].body):find('what is this', 1, true), 'question in request body')
  assert(entry.thread_id == 'thread_8f2c1e', 'threadId ' .. tostring(entry.thread_id))
end)

step('a second question carries the thread id', function()
  ask().close()
  local entry = ask_and_wait('DocsAsk and what about anchors?')
  assert(entry.error == nil, 'error: ' .. tostring(entry.error))
  local reqs = requests()
  assert(#reqs == 2, #reqs .. ' requests')
  assert(vim.json.encode(reqs[2].body):find('thread_8f2c1e', 1, true), 'thread id not in second request: ' .. vim.json.encode(reqs[2].body))
  local text = ask().text()
  assert(text:find('## what is this', 1, true) and text:find('## and what about anchors?', 1, true), 'both answers kept in the buffer')
  assert(ask().window(), 'window reopened')
end)

step(':DocsAskNew forgets the thread; :DocsAsk without a question prompts with vim.ui.input', function()
  vim.cmd('DocsAskNew')
  vim.wait(300)
  local prompted
  local orig = vim.ui.input
  vim.ui.input = function(opts, cb) prompted = opts.prompt cb('typed in the prompt') end
  local ok, err = pcall(ask_and_wait, 'DocsAsk')
  vim.ui.input = orig
  assert(ok, err)
  assert(prompted, 'vim.ui.input was not called')
  local reqs = requests()
  assert(#reqs == 3, #reqs .. ' requests')
  local body = vim.json.encode(reqs[3].body)
  assert(body:find('typed in the prompt', 1, true), 'prompted question sent: ' .. body)
  assert(not body:find('thread_8f2c1e', 1, true), 'thread id still sent after :DocsAskNew: ' .. body)
end)

step(':checkhealth docs_lsp reports binary, version, settings and key without printing it', function()
  vim.cmd('checkhealth docs_lsp')
  local text = table.concat(vim.api.nvim_buf_get_lines(0, 0, -1, false), '\n')
  assert(not text:find(SECRET, 1, true), 'the key was printed')
  assert(text:find('binary: ', 1, true), 'binary reported:\n' .. text)
  assert(text:find('version: docs-lsp ', 1, true), 'version reported:\n' .. text)
  assert(text:find('fixture-site', 1, true), 'settings reported:\n' .. text)
  assert(text:find('API key is set', 1, true), 'key status reported:\n' .. text)
  vim.cmd('tabclose')
end)

step('docsLsp.since: a URL removed since the revision is an error in docs.json, fixed by its redirect', function()
  local c = client()
  c.settings = vim.tbl_deep_extend('force', c.settings or {}, { docsLsp = { since = 'since-base' } })
  c:notify('workspace/didChangeConfiguration', { settings = c.settings })
  -- The server asks to pull again (workspace/diagnostic/refresh), which this Neovim has no
  -- handler for: the plugin's pulls docs.json again, with no edit of it.
  assert(c.capabilities.workspace.diagnostics.refreshSupport == true, 'refresh declared')
  local function pulled() return vim.diagnostic.get(docs_buf) end
  local found
  wait_for('a url-removed diagnostic', function()
    for _, d in ipairs(pulled()) do
      if d.code == 'url-removed' then found = d return true end
    end
  end)
  assert(found.message:find('`/old-page` served `old-page.mdx` at `since-base`', 1, true), found.message)
  local params = {
    textDocument = { uri = vim.uri_from_bufnr(docs_buf) },
    range = { start = { line = found.lnum, character = found.col }, ['end'] = { line = found.lnum, character = found.col } },
    context = { diagnostics = { found.user_data and found.user_data.lsp or {} } },
  }
  local res = vim.lsp.buf_request_sync(docs_buf, 'textDocument/codeAction', params, timeout)
  local action
  for _, r in pairs(res or {}) do
    for _, a in ipairs(r.result or {}) do
      if vim.startswith(a.title, 'Add redirect /old-page -> /') then action = a end
    end
  end
  assert(action, 'no "Add redirect" action: ' .. vim.inspect(res))
  vim.lsp.util.apply_workspace_edit(action.edit, c.offset_encoding)
  local text = table.concat(vim.api.nvim_buf_get_lines(docs_buf, 0, -1, false), '\n')
  assert(text:find('"source": "/old-page"', 1, true), text)
  wait_for('the url-removed diagnostic to clear', function()
    for _, d in ipairs(pulled()) do
      if d.code == 'url-removed' then return false end
    end
    return true
  end)
  vim.api.nvim_buf_call(docs_buf, function() vim.cmd('silent write') end)
end)

step('renaming a heading rewrites the link to it in another page; the lens lists its inbound links', function()
  local page = env.FIXTURE_DIR .. '/guides/extra.mdx'
  local index = env.FIXTURE_DIR .. '/index.mdx'
  vim.cmd.edit(vim.fn.fnameescape(page))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp attached to guides/extra.mdx', function()
    local c = vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' })[1]
    return c and c.initialized
  end)
  -- The lens on line 1: index.mdx's link (the page is in no navigation entry).
  local lenses
  wait_for('the inbound-links lens', function()
    vim.lsp.codelens.refresh({ bufnr = buf })
    vim.wait(200)
    lenses = vim.lsp.codelens.get(buf)
    return #lenses == 1 and lenses[1].command ~= nil
  end)
  assert(lenses[1].command.title == '1 inbound link', vim.inspect(lenses))
  -- A link added in another buffer: the page's lens follows (workspace/codeLens/refresh), with
  -- the page's buffer untouched and no event of its own; then the link removed again.
  vim.cmd('split ' .. vim.fn.fnameescape(index))
  local index_win, index_lines = vim.api.nvim_get_current_win(), nil
  local ibuf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp attached to index.mdx', function()
    local c = vim.lsp.get_clients({ bufnr = ibuf, name = 'docs_lsp' })[1]
    return c and c.initialized
  end)
  index_lines = vim.api.nvim_buf_get_lines(ibuf, 0, -1, false)
  local function lens_title()
    local l = vim.lsp.codelens.get(buf)[1]
    return l and l.command and l.command.title
  end
  vim.api.nvim_buf_set_lines(ibuf, -1, -1, false, { '', 'Again: [the extra page](/guides/extra).' })
  wait_for('the lens to follow the other buffer (2 inbound links)', function()
    return lens_title() == '2 inbound links'
  end)
  vim.api.nvim_buf_set_lines(ibuf, 0, -1, false, index_lines)
  wait_for('the lens back to 1 inbound link', function() return lens_title() == '1 inbound link' end)
  vim.api.nvim_buf_call(ibuf, function() vim.cmd('silent write') end)
  vim.api.nvim_win_close(index_win, false)
  vim.api.nvim_set_current_buf(buf)
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  vim.lsp.codelens.run()
  local items
  wait_for('the inbound links in the location list', function()
    items = vim.fn.getloclist(0)
    if #items == 0 then items = vim.fn.getloclist(vim.fn.win_getid(vim.fn.winnr('#'))) end
    return #items == 1
  end)
  assert(vim.fn.bufname(items[1].bufnr):find('index.mdx', 1, true), vim.inspect(items))
  vim.cmd('lclose')
  vim.api.nvim_set_current_buf(buf)
  -- Rename the heading from its line.
  local row
  for i, l in ipairs(vim.api.nvim_buf_get_lines(buf, 0, -1, false)) do
    if l == '## Install the tool' then row = i end
  end
  assert(row, 'the heading line')
  vim.api.nvim_win_set_cursor(0, { row, 5 })
  vim.lsp.buf.rename('Get the tool', { name = 'docs_lsp' })
  wait_for('the heading renamed', function()
    return vim.api.nvim_buf_get_lines(buf, row - 1, row, false)[1] == '## Get the tool'
  end)
  local index_buf
  wait_for('the link in index.mdx rewritten', function()
    index_buf = vim.fn.bufnr(index)
    if index_buf == -1 then return false end
    local text = table.concat(vim.api.nvim_buf_get_lines(index_buf, 0, -1, false), '\n')
    return text:find('(/guides/extra#get-the-tool)', 1, true) ~= nil
  end)
  -- Undo both, so that the files stay as the other steps know them.
  for _, b in ipairs({ buf, index_buf }) do
    vim.api.nvim_buf_call(b, function() vim.cmd('silent! edit!') end)
  end
end)

-- Last: it starts a second client (another docs root).
step('completion ranks by match quality: `in` offers introduction on a real site of 300+ pages', function()
  -- corpus_site is trigger.dev's docs.json (325 pages): most page names hold an `i` and an `n`.
  vim.cmd.edit(vim.fn.fnameescape(env.CORPUS_DIR .. '/docs.json'))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp to attach to the corpus site', function()
    local c = vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' })[1]
    return c and c.initialized
  end)
  -- line 25 (1-based) is `              "introduction",`: add a line `"in",` after it
  vim.api.nvim_buf_set_lines(buf, 25, 25, false, { '              "in",' })
  local params = { textDocument = { uri = vim.uri_from_bufnr(buf) }, position = { line = 25, character = 17 } }
  local labels
  wait_for('introduction among the completions', function()
    local res = vim.lsp.buf_request_sync(buf, 'textDocument/completion', params, timeout)
    labels = {}
    for _, r in pairs(res or {}) do
      local items = r.result and (r.result.items or r.result) or {}
      for _, it in ipairs(items) do
        labels[it.label] = true
      end
    end
    return labels['introduction']
  end)
  assert(labels['quick-start'] == nil, 'quick-start (no `in` in it) offered')
end)

-- After the corpus step: this one too starts a client for another docs root.
step('the translation lens on a default-language page lists each language; the chosen one opens', function()
  local root = env.TRANSLATIONS_DIR
  vim.cmd.edit(vim.fn.fnameescape(root .. '/guide/copied.mdx'))
  local buf = vim.api.nvim_get_current_buf()
  wait_for('docs-lsp to attach to the translations site', function()
    local c = vim.lsp.get_clients({ bufnr = buf, name = 'docs_lsp' })[1]
    return c and c.initialized
  end)
  assert(vim.lsp.commands['docsLsp.showTranslations'], 'lens command handler')
  local lens
  wait_for('the translation lens', function()
    if not vim.lsp.codelens.enable then vim.lsp.codelens.refresh({ bufnr = buf }) end
    for _, l in ipairs(vim.lsp.codelens.get(buf)) do
      if l.command and l.command.title:find('translated in', 1, true) then lens = l end
    end
    return lens
  end)
  assert(lens.command.title == 'translated in 1 of 2 languages', 'title: ' .. lens.command.title)
  assert(lens.range.start.line == 0, 'lens on the first line')
  -- The lens is run from its line; the list goes to vim.ui.select, the French page is chosen.
  local listed
  local orig = vim.ui.select
  vim.ui.select = function(items, opts, on_choice)
    -- Two lenses on the line (this one and the inbound-links lens): Neovim
    -- asks which to run first; the user picks the translation lens.
    for _, it in ipairs(items) do
      local lens = type(it) == 'table' and (it.lens or it) or {}
      local title = (lens.command or {}).title
      if title and title:find('^translated in') then return on_choice(it) end
    end
    listed = vim.tbl_map(opts.format_item, items)
    for _, it in ipairs(items) do
      if it.language == 'fr' then return on_choice(it) end
    end
    on_choice(nil)
  end
  vim.api.nvim_win_set_cursor(0, { 1, 0 })
  local ok, err = pcall(vim.lsp.codelens.run)
  vim.ui.select = orig
  assert(ok, err)
  assert(listed, 'vim.ui.select was not called')
  assert(vim.deep_equal(listed, { 'fr (French): untranslated (same body)', 'de (German): translated' }), vim.inspect(listed))
  wait_for('the French page to open', function()
    return vim.api.nvim_buf_get_name(0):find('/fr/guide/copied.mdx$') ~= nil
  end, 5000)
  -- A page whose French file is missing: its docs.json entry opens.
  require('docs_lsp.translations').open({ entry = nil }, nil) -- nothing to open: no error
  vim.cmd.edit(vim.fn.fnameescape(root .. '/guide/gone.mdx'))
  local gone = vim.api.nvim_get_current_buf()
  local gone_lens
  wait_for('the lens of guide/gone.mdx', function()
    if not vim.lsp.codelens.enable then vim.lsp.codelens.refresh({ bufnr = gone }) end
    gone_lens = vim.lsp.codelens.get(gone)[1]
    return gone_lens
  end)
  local items = require('docs_lsp.translations').items(gone_lens.command)
  local fr = vim.tbl_filter(function(i) return i.language == 'fr' end, items)[1]
  assert(fr and fr.state == 'fileMissing', vim.inspect(items))
  require('docs_lsp.translations').open(fr, client())
  wait_for('docs.json at the entry', function()
    return vim.api.nvim_buf_get_name(0):find('/docs.json$') ~= nil
  end, 5000)
  local line = vim.api.nvim_get_current_line()
  assert(line:find('"fr/guide/gone"', 1, true), 'cursor line: ' .. line)
end)

for _, c in ipairs(vim.lsp.get_clients({ name = 'docs_lsp' })) do
  c:stop()
  vim.wait(2000, function() return c:is_stopped() end, 10)
end
say(string.format('%d passed, %d failed', results.passed, results.failed))
io.stdout:flush()
os.exit(results.failed == 0 and 0 or 1)
