-- `workspace/diagnostic/refresh`: the server says diagnostics of open documents changed for a
-- reason other than their own edits (a `since` setting, files changed on disk, the site indexed).
-- Neovim versions without a handler for it pull a document again only on its next edit; this pulls
-- every buffer the client is attached to at once, through Neovim's own pull handler.
local M = {}

function M.on_refresh(err, result, ctx)
  local builtin = vim.lsp.handlers['workspace/diagnostic/refresh']
  if builtin then return builtin(err, result, ctx) end
  local client = vim.lsp.get_client_by_id(ctx.client_id)
  if not client then return vim.NIL end
  for _, buf in ipairs(vim.lsp.get_buffers_by_client_id(client.id)) do
    if vim.api.nvim_buf_is_loaded(buf) then
      local params = { textDocument = { uri = vim.uri_from_bufnr(buf) } }
      client:request('textDocument/diagnostic', params, function(e, r, c)
        -- A buffer Neovim does not pull for has no pull state to put it in.
        pcall(vim.lsp.diagnostic.on_diagnostic, e, r, c)
      end, buf)
    end
  end
  return vim.NIL
end

return M
