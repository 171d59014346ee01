// A directory wallet's type. The rules for what a view may do with its name, links and image are
// in wallet-name.ts, wallet-link.ts and image-url.ts; its schema is in wallet-schema.ts.
export type { DirectoryWallet, WalletBadge } from './wallet-schema.js'
