// The playground's /wallet.html: the WalletConnect test wallet a person pairs by pasting a link.
import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { mountWalletPage } from '@latch/wc-wallet/page'
import { readPlaygroundConfig } from './config.js'
import './styles.css'

const root = document.getElementById('wallet')!
const config = readPlaygroundConfig(globalThis)
if (!config?.walletConnect || !config.privateKeys[0]) {
  const note = document.createElement('p')
  note.setAttribute('role', 'alert')
  note.textContent =
    'No relay configuration was served with this page. Start the playground with `npm start`.'
  root.append(note)
} else {
  // The playground's third dev account: the in-page dev wallet uses the first ones.
  const privateKey = config.privateKeys[2] ?? config.privateKeys[0]
  void mountWalletPage(root, {
    relayUrl: config.walletConnect.relayUrl,
    privateKey,
    rpcUrls: Object.fromEntries(config.chains.map((chain) => [chain.chainId, chain.rpcUrl])),
    // The Solana chain's fourth account (the dev wallets use the first three): it approves the
    // `solana` namespace and signs there.
    ...(config.solana
      ? {
          solana: { rpcUrl: config.solana.rpcUrl, secretKey: solanaDevnetAccounts()[3]!.secretKey },
        }
      : {}),
  })
}
