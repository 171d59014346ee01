// The extension's content script (MAIN world, document_start), bundled by build-extension.mjs.
import { startExtensionWallet } from './extension-wallet.js'

startExtensionWallet(window)
