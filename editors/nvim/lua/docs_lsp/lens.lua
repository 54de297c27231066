-- Code lenses (the translation lens, the inbound-links lens): shown and kept fresh by attach(buf),
-- and asked again when the server sends workspace/codeLens/refresh (on_refresh).
-- The inbound-links code lens of a page ("3 inbound links"): its command, docsLsp.showReferences
-- ({uri, position}), asks the server's docsLsp.inboundLinks for the places (the page's references:
-- navigation entries and other pages' links) and puts them in the window's location list.
local M = {}

function M.show_references(command, ctx)
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then return end
  local uri = (command.arguments or {})[1] or vim.uri_from_bufnr(ctx.bufnr or 0)
  client:request('workspace/executeCommand', { command = 'docsLsp.inboundLinks', arguments = { uri } }, function(err, result)
    if err then
      vim.notify('docs-lsp: ' .. tostring(err.message or err), vim.log.levels.ERROR)
      return
    end
    local items = vim.lsp.util.locations_to_items(result or {}, client.offset_encoding)
    local name = vim.fn.fnamemodify(vim.uri_to_fname(uri), ':.')
    vim.fn.setloclist(0, {}, ' ', { title = 'Inbound links of ' .. name, items = items })
    if #items > 0 then vim.cmd.lopen() end
  end, ctx.bufnr)
end

-- Buffers whose lenses this plugin keeps fresh.
local attached = {}

--- `workspace/codeLens/refresh`: the server says a change elsewhere (a link added in another page,
--- a translation file created) altered lenses; ask them again for every attached buffer. Neovim's own
--- handler is used where it has one (newer versions, whose lenses follow the buffer by themselves).
function M.on_refresh(err, result, ctx)
  local builtin = vim.lsp.handlers['workspace/codeLens/refresh']
  if builtin then return builtin(err, result, ctx) end
  for buf in pairs(attached) do
    if vim.api.nvim_buf_is_valid(buf) then
      vim.lsp.codelens.refresh({ bufnr = buf })
    else
      attached[buf] = nil
    end
  end
  return vim.NIL
end

--- Show the server's code lenses in `buf` and keep them fresh.
function M.attach(buf)
  attached[buf] = true
  local lens = vim.lsp.codelens
  if lens.enable then
    -- Neovim 0.12: the lenses follow the buffer by themselves.
    lens.enable(true, { bufnr = buf })
    return
  end
  local function refresh()
    if vim.api.nvim_buf_is_valid(buf) then lens.refresh({ bufnr = buf }) end
  end
  refresh()
  vim.api.nvim_create_autocmd({ 'BufEnter', 'InsertLeave', 'BufWritePost', 'CursorHold' }, {
    buffer = buf,
    group = vim.api.nvim_create_augroup('docs_lsp_codelens_' .. buf, { clear = true }),
    callback = refresh,
  })
end

return M
