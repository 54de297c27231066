-- :DocsNav: the sidebar readers will see, as the server resolves it (the `docsLsp/navigation`
-- request: what the platform drops is gone, hidden pages are marked, API pages generated from specs
-- are listed, pages and endpoints with problems carry `[error]`/`[warning]`), in a scratch buffer. <CR> on a line opens its page, or the docs.json entry that made it
-- when it has no page file. The server answers one scope (language, version, product) in full and the
-- rest of the site as a skeleton: a closed language or version shows its node count, and <CR> on it
-- opens that scope in the same window.
local M = {}

--- Each open sidebar buffer's nodes, by line, and the buffer it was asked from.
M._targets = {}
M._sources = {}

local function describe(n)
  local text = n.kind .. ' ' .. n.label
  if n.method then text = text .. '  ' .. n.method .. ' ' .. (n.apiPath or '') end
  if n.page then text = text .. '  -> ' .. n.page end
  if n.spec then text = text .. '  <- ' .. n.spec end
  if n.href and n.href ~= vim.NIL then text = text .. '  ' .. n.href end
  if n.directory and n.directory ~= vim.NIL then text = text .. '  (' .. n.directory .. ' directory)' end
  if n.generated then text = text .. '  [generated]' end
  if n.hidden then text = text .. '  [hidden]' end
  if n.mark and n.mark ~= vim.NIL then text = text .. '  [' .. n.mark .. ']' end
  if n.elided and n.count then text = text .. '  (' .. n.count .. (n.count == 1 and ' node' or ' nodes') .. ', <CR> opens)' end
  return text
end

--- The tree as indented lines, and the node each line shows.
function M.render(nodes)
  local lines, targets = {}, {}
  local function walk(list, depth)
    for _, n in ipairs(list or {}) do
      lines[#lines + 1] = string.rep('  ', depth) .. describe(n)
      targets[#lines] = n
      walk(n.children, depth + 1)
    end
  end
  walk(nodes, 0)
  return lines, targets
end

--- Open what the node on the cursor's line points at: its page, else its docs.json entry.
function M.follow(buf)
  buf = buf or vim.api.nvim_get_current_buf()
  local n = (M._targets[buf] or {})[vim.api.nvim_win_get_cursor(0)[1]]
  if not n then return end
  if n.elided and n.scope and n.scope ~= vim.NIL then
    local src = M._sources[buf]
    if src and vim.api.nvim_buf_is_valid(src) then M.open(n.scope, src, vim.api.nvim_get_current_win()) end
    return
  end
  local client = require('docs_lsp').get_client()
  local enc = client and client.offset_encoding or 'utf-16'
  vim.cmd('wincmd p')
  if n.pageUri and n.pageUri ~= vim.NIL then
    vim.cmd.edit(vim.fn.fnameescape(vim.uri_to_fname(n.pageUri)))
  elseif n.source and n.source ~= vim.NIL then
    vim.lsp.util.show_document(n.source, enc, { focus = true })
  end
end

--- A scope as `language=fr,version=v2`.
local function scope_text(scope)
  local parts = {}
  for _, k in ipairs({ 'language', 'version', 'product' }) do
    local v = scope and scope ~= vim.NIL and scope[k]
    if v and v ~= vim.NIL then parts[#parts + 1] = k .. '=' .. v end
  end
  return table.concat(parts, ',')
end

local function show(result, src, win)
  local lines, targets = M.render(result.navigation)
  if #lines == 0 then lines = { '(no navigation)' } end
  local buf = vim.api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = 'wipe'
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = 'docsnav'
  local scope = scope_text(result.scope)
  pcall(vim.api.nvim_buf_set_name, buf, 'docs-nav://' .. (scope ~= '' and scope or 'all') .. '#' .. buf)
  M._targets[buf] = targets
  M._sources[buf] = src
  vim.api.nvim_create_autocmd('BufWipeout', { buffer = buf, once = true, callback = function()
    M._targets[buf] = nil
    M._sources[buf] = nil
  end })
  vim.keymap.set('n', '<CR>', function() M.follow(buf) end, { buffer = buf, desc = 'Open this page, entry or scope' })
  if win and vim.api.nvim_win_is_valid(win) then
    vim.api.nvim_set_current_win(win)
  else
    vim.cmd('vsplit')
  end
  vim.api.nvim_win_set_buf(0, buf)
  return buf
end

--- Ask the server for the sidebar of a buffer's site (default: the current one) and show it.
--- opts: the scope to open, { language = 'fr', version = 'v2', product = '...' } (each optional:
--- the first of its list). win: a window to show it in instead of a new split.
function M.open(opts, src, win)
  opts = opts or {}
  src = src or vim.api.nvim_get_current_buf()
  local client = require('docs_lsp').get_client(src)
  if not client then
    vim.notify('DocsNav: docs-lsp is not running for this buffer', vim.log.levels.ERROR)
    return
  end
  local params = { uri = vim.uri_from_bufnr(src) }
  for _, k in ipairs({ 'language', 'version', 'product' }) do
    if opts[k] ~= vim.NIL then params[k] = opts[k] end
  end
  client:request('docsLsp/navigation', params, function(err, result)
    if err then
      vim.notify('DocsNav: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif result == nil or result == vim.NIL then
      vim.notify('DocsNav: no docs site holds this file', vim.log.levels.WARN)
    else
      M.last = show(result, src, win)
    end
  end, src)
end

--- `:DocsNav language=fr version=v2` arguments as options.
function M.parse_args(args)
  local opts = {}
  for _, word in ipairs(vim.split(args or '', '%s+', { trimempty = true })) do
    local k, v = word:match('^(%w+)=(.+)$')
    if k == 'language' or k == 'version' or k == 'product' then opts[k] = v end
  end
  return opts
end

return M
