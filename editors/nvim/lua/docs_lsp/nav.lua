-- :DocsNav: the sidebar readers will see, as the server resolves it (the `docsLsp/navigation`
-- request: what the platform drops is gone, hidden pages are marked, API pages generated from specs
-- are listed), in a scratch buffer. <CR> on a line opens its page, or the docs.json entry that made it
-- when it has no page file.
local M = {}

--- Each open sidebar buffer's nodes, by line.
M._targets = {}

local function describe(n)
  local text = n.kind .. ' ' .. n.label
  if n.method then text = text .. '  ' .. n.method .. ' ' .. (n.apiPath or '') end
  if n.page then text = text .. '  -> ' .. n.page end
  if n.spec then text = text .. '  <- ' .. n.spec end
  if n.generated then text = text .. '  [generated]' end
  if n.hidden then text = text .. '  [hidden]' end
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
  local client = require('docs_lsp').get_client()
  local enc = client and client.offset_encoding or 'utf-16'
  vim.cmd('wincmd p')
  if n.pageUri and n.pageUri ~= vim.NIL then
    vim.cmd.edit(vim.fn.fnameescape(vim.uri_to_fname(n.pageUri)))
  elseif n.source and n.source ~= vim.NIL then
    vim.lsp.util.show_document(n.source, enc, { focus = true })
  end
end

local function show(result, title)
  local lines, targets = M.render(result.navigation)
  if #lines == 0 then lines = { '(no navigation)' } end
  local buf = vim.api.nvim_create_buf(false, true)
  vim.bo[buf].bufhidden = 'wipe'
  vim.api.nvim_buf_set_lines(buf, 0, -1, false, lines)
  vim.bo[buf].modifiable = false
  vim.bo[buf].filetype = 'docsnav'
  pcall(vim.api.nvim_buf_set_name, buf, title)
  M._targets[buf] = targets
  vim.api.nvim_create_autocmd('BufWipeout', { buffer = buf, once = true, callback = function() M._targets[buf] = nil end })
  vim.keymap.set('n', '<CR>', function() M.follow(buf) end, { buffer = buf, desc = 'Open this page or entry' })
  vim.cmd('vsplit')
  vim.api.nvim_win_set_buf(0, buf)
  return buf
end

--- Ask the server for the sidebar of the current buffer's site and show it.
--- opts: { language = 'fr', version = 'v2', product = '...' } (each optional).
function M.open(opts)
  opts = opts or {}
  local src = vim.api.nvim_get_current_buf()
  local client = require('docs_lsp').get_client(src)
  if not client then
    vim.notify('DocsNav: docs-lsp is not running for this buffer', vim.log.levels.ERROR)
    return
  end
  local params = { uri = vim.uri_from_bufnr(src), language = opts.language, version = opts.version, product = opts.product }
  client:request('docsLsp/navigation', params, function(err, result)
    if err then
      vim.notify('DocsNav: ' .. (err.message or vim.inspect(err)), vim.log.levels.ERROR)
    elseif result == nil or result == vim.NIL then
      vim.notify('DocsNav: no docs site holds this file', vim.log.levels.WARN)
    else
      local filter = {}
      for _, k in ipairs({ 'language', 'version', 'product' }) do
        if opts[k] then filter[#filter + 1] = k .. '=' .. opts[k] end
      end
      M.last = show(result, 'docs-nav://' .. (#filter > 0 and table.concat(filter, ',') or 'all'))
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
