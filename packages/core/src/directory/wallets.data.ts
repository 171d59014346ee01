import type { CaipNetworkId } from '../identifiers/types.js'
import { generateWalletIcon } from './icon.js'
import { walletLogos } from './wallet-logos.data.js'
import type { DirectoryWallet } from './wallet.js'

// The directory's data until the self-hosted API exists (issue 4). Ids are the first 16 hex
// digits of the SHA-256 of the name, computed once when the entry was written: they must never
// change, because hosts put them in `featuredWalletIds`, `includeWalletIds` and
// `excludeWalletIds`. An rdns is listed only where the wallet's EIP-6963 announcement is known;
// links are deep-link roots and universal links, to which a WalletConnect URI is appended.

const ETHEREUM = 'eip155:1'
const OPTIMISM = 'eip155:10'
const BNB_CHAIN = 'eip155:56'
const POLYGON = 'eip155:137'
const ZKSYNC = 'eip155:324'
const BASE = 'eip155:8453'
const ARBITRUM = 'eip155:42161'
const AVALANCHE = 'eip155:43114'
const CRONOS = 'eip155:25'
const SOLANA = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const BITCOIN = 'bip122:000000000019d6689c085ae165831e93'
const COSMOS_HUB = 'cosmos:cosmoshub-4'
/** The two chains of the local devnet the playground and the dev wallet use. */
const DEVNET_A = 'eip155:31337'
const DEVNET_B = 'eip155:31338'

const EVM: readonly CaipNetworkId[] = [ETHEREUM, OPTIMISM, BNB_CHAIN, POLYGON, BASE, ARBITRUM]

type WalletEntry = Omit<DirectoryWallet, 'imageUrl'>

const entries: readonly WalletEntry[] = [
  {
    id: '157c99e12c26d26d',
    name: 'MetaMask',
    rdns: 'io.metamask',
    homepage: 'https://metamask.io',
    mobileLink: 'metamask://',
    chains: [...EVM, SOLANA],
  },
  {
    id: '2ef54eee0edd86e9',
    name: 'Trust Wallet',
    rdns: 'com.trustwallet.app',
    homepage: 'https://trustwallet.com',
    mobileLink: 'trust://',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: '12d8361c6e546701',
    name: 'Coinbase Wallet',
    rdns: 'com.coinbase.wallet',
    homepage: 'https://www.coinbase.com/wallet',
    mobileLink: 'cbwallet://',
    chains: [...EVM, SOLANA],
  },
  {
    id: 'b1f7b2eed6414eeb',
    name: 'Rainbow',
    rdns: 'me.rainbow',
    homepage: 'https://rainbow.me',
    mobileLink: 'rainbow://',
    chains: EVM,
  },
  {
    id: '08b6a3efc2b5fe15',
    name: 'Phantom',
    rdns: 'app.phantom',
    homepage: 'https://phantom.com',
    mobileLink: 'phantom://',
    chains: [SOLANA, ETHEREUM, POLYGON, BASE, BITCOIN],
  },
  {
    id: '5c05350310de3745',
    name: 'Rabby Wallet',
    rdns: 'io.rabby',
    homepage: 'https://rabby.io',
    chains: [...EVM, ZKSYNC, AVALANCHE],
  },
  {
    id: '89a7176774a0786e',
    name: 'OKX Wallet',
    rdns: 'com.okex.wallet',
    homepage: 'https://www.okx.com/web3',
    mobileLink: 'okex://main',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: 'ecc4036f814562b4',
    name: 'Zerion',
    rdns: 'io.zerion.wallet',
    homepage: 'https://zerion.io',
    mobileLink: 'zerion://',
    chains: [...EVM, SOLANA],
  },
  {
    id: '67fe5ae742050c57',
    name: 'Uniswap Wallet',
    rdns: 'org.uniswap.app',
    homepage: 'https://wallet.uniswap.org',
    mobileLink: 'uniswap://',
    chains: EVM,
  },
  {
    id: 'b9009a5e31333565',
    name: 'Ledger Live',
    homepage: 'https://www.ledger.com/ledger-live',
    mobileLink: 'ledgerlive://',
    desktopLink: 'ledgerlive://',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: '4f9f0dabcd26ae53',
    name: 'Safe',
    homepage: 'https://safe.global',
    webappLink: 'https://app.safe.global',
    chains: EVM,
  },
  {
    id: 'eb38f871c592b7bc',
    name: 'Argent',
    homepage: 'https://www.argent.xyz',
    mobileLink: 'argent://app/',
    chains: [ETHEREUM, ZKSYNC],
  },
  {
    id: '8bcdca3051ab63ed',
    name: 'Exodus',
    rdns: 'com.exodus.web3-wallet',
    homepage: 'https://www.exodus.com',
    mobileLink: 'exodus://',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: '5118f76d9067edc5',
    name: 'Backpack',
    homepage: 'https://backpack.app',
    chains: [SOLANA, ETHEREUM],
  },
  {
    id: 'b41781f941a7d46d',
    name: 'Solflare',
    homepage: 'https://solflare.com',
    mobileLink: 'solflare://',
    chains: [SOLANA],
  },
  {
    id: '1056a9b22778552e',
    name: 'Bitget Wallet',
    rdns: 'com.bitget.web3',
    homepage: 'https://web3.bitget.com',
    mobileLink: 'bitkeep://',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: '9beec5fa5289fa9c',
    name: 'imToken',
    homepage: 'https://token.im',
    mobileLink: 'imtokenv2://',
    chains: [...EVM, BITCOIN],
  },
  {
    id: 'cdfaf1ae3258061a',
    name: 'TokenPocket',
    rdns: 'pro.tokenpocket',
    homepage: 'https://www.tokenpocket.pro',
    mobileLink: 'tpoutside://',
    chains: [...EVM, SOLANA, BITCOIN],
  },
  {
    id: '87d121d20993c744',
    name: '1inch Wallet',
    homepage: 'https://1inch.io/wallet',
    mobileLink: 'oneinch://',
    chains: [...EVM, SOLANA],
  },
  {
    id: 'd0b50e064a4f8d94',
    name: 'Frame',
    rdns: 'sh.frame',
    homepage: 'https://frame.sh',
    chains: EVM,
  },
  {
    id: 'e8cc0813617a7410',
    name: 'Brave Wallet',
    rdns: 'com.brave.wallet',
    homepage: 'https://brave.com/wallet',
    chains: [...EVM, SOLANA],
  },
  {
    id: 'e5a990c6b6979bb8',
    name: 'Taho',
    homepage: 'https://taho.xyz',
    chains: [ETHEREUM, OPTIMISM, POLYGON, BASE, ARBITRUM],
  },
  {
    id: 'db43c0bbdd91b54c',
    name: 'Xverse',
    homepage: 'https://www.xverse.app',
    mobileLink: 'xverse://',
    chains: [BITCOIN],
  },
  {
    id: 'e8e775159a57aaaf',
    name: 'Leather',
    homepage: 'https://leather.io',
    chains: [BITCOIN],
  },
  {
    id: 'a2768ce1c79c012e',
    name: 'UniSat Wallet',
    homepage: 'https://unisat.io',
    chains: [BITCOIN],
  },
  {
    id: 'afb7adad9c3087ed',
    name: 'Magic Eden',
    rdns: 'io.magiceden.wallet',
    homepage: 'https://wallet.magiceden.io',
    mobileLink: 'magiceden://',
    chains: [BITCOIN, SOLANA, ETHEREUM, POLYGON, BASE, ARBITRUM],
  },
  {
    id: 'e114f66197f48996',
    name: 'Keplr',
    homepage: 'https://www.keplr.app',
    mobileLink: 'keplrwallet://',
    chains: [COSMOS_HUB],
  },
  {
    id: '178c66c98e7c7322',
    name: 'Zengo',
    homepage: 'https://zengo.com',
    mobileLink: 'zengo://',
    chains: [...EVM, BITCOIN],
  },
  {
    id: '81d0bf69d107b5af',
    name: 'Crypto.com DeFi Wallet',
    homepage: 'https://crypto.com/defi-wallet',
    mobileLink: 'dfw://',
    chains: [ETHEREUM, CRONOS, POLYGON, ARBITRUM, BITCOIN],
  },
  {
    id: '0af633287da1e97f',
    name: 'Enkrypt',
    rdns: 'com.enkrypt',
    homepage: 'https://www.enkrypt.com',
    chains: [...EVM, BITCOIN],
  },
  {
    id: '70ea1983c983deac',
    name: 'Core',
    rdns: 'app.core.extension',
    homepage: 'https://core.app',
    chains: [AVALANCHE, ETHEREUM, BITCOIN],
  },
  {
    // Latch's own test wallet, so the playground's directory knows it. It has no public site:
    // `.invalid` is reserved (RFC 2606) and can never point anywhere real.
    id: '3005955398a22363',
    name: 'Latch Dev Wallet',
    rdns: 'io.latch.devwallet',
    homepage: 'https://latch.invalid/dev-wallet',
    chains: [DEVNET_A, DEVNET_B],
  },
]

function withIcons(list: readonly WalletEntry[]): readonly DirectoryWallet[] {
  return Object.freeze(
    list.map((entry) =>
      Object.freeze({
        ...entry,
        chains: Object.freeze([...entry.chains]),
        imageUrl: walletLogos[entry.id] ?? generateWalletIcon(entry.name, entry.id),
      }),
    ),
  )
}

/**
 * The built-in wallet directory: about 30 well-known wallets and the Latch Dev Wallet, in the
 * order lists show them. A wallet @web3icons/core draws carries its real logo (wallet-logos.data.ts,
 * an inline SVG, so nothing is downloaded); the others an icon generated from their name and id.
 * Frozen, so two Latch instances on a page can share it safely. Marked pure, so a
 * bundle that never uses the directory does not build its icons.
 */
export const directoryWallets: readonly DirectoryWallet[] = /* @__PURE__ */ withIcons(entries)
