if vim.g.loaded_docs_lsp then return end
vim.g.loaded_docs_lsp = true

vim.api.nvim_create_user_command('DocsAsk', function(cmd)
  local q = vim.trim(cmd.args or '')
  require('docs_lsp.ask').ask({ question = q ~= '' and q or nil, range = cmd.range, line1 = cmd.line1, line2 = cmd.line2 })
end, { nargs = '*', range = true, desc = 'Ask the docs assistant about the selection (prompts when no question is given)' })

vim.api.nvim_create_user_command('DocsAskNew', function()
  require('docs_lsp.ask').new_conversation()
end, { nargs = 0, desc = 'Start a new docs assistant conversation' })

vim.api.nvim_create_user_command('DocsNav', function(cmd)
  local nav = require('docs_lsp.nav')
  nav.open(nav.parse_args(cmd.args))
end, { nargs = '*', desc = 'Show the sidebar readers will see (language=, version=, product=)' })
