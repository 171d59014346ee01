export {
  DEVNET_ACCOUNT_BALANCE_ETH,
  DEVNET_ACCOUNT_COUNT,
  DEVNET_LIQUIDITY_ACCOUNT,
  DEVNET_MNEMONIC,
  devnetAccounts,
  devnetTokenHolders,
  type DevnetAccount,
} from './accounts.js'
export { TEST_COLLECTION, collectionTokenSvg, collectionTokenUri } from './collection.js'
export { SEEDED_TRANSFERS, seededTransferParties } from './seed.js'
export {
  BYTES32_TOKEN,
  MULTICALL3_ADDRESS,
  REVERTER_REASON,
  TEST_TOKEN,
  bytes32TokenAbi,
  devnetContractAddresses,
  reverterAbi,
  testCollectionAbi,
  testTokenAbi,
  type DevnetContracts,
} from './contracts.js'
export {
  DEFAULT_DEVNET_CHAIN_IDS,
  startDevnet,
  type Devnet,
  type DevnetChain,
  type DevnetChainOptions,
  type StartDevnetOptions,
} from './devnet.js'
export {
  FARCASTER_ID_REGISTRY_ADDRESS,
  fidOf,
  idRegistryAbi,
  installIdRegistry,
  registerFid,
} from './farcaster/id-registry.js'
export { devnetNetwork, type DevnetChainRef, type DevnetNetwork } from './network.js'
export { DEVNET_HOST, DEVNET_PORT_ENV } from './ports.js'
export { devnetSummary, type DevnetSummary } from './summary.js'
export {
  DEVNET_POOLS,
  DEVNET_POOL_SIDE_USD,
  DEVNET_SWAP_PRICES_USD,
  TEST_USDC,
  UNISWAP_V2_PAIR_INIT_CODE_HASH,
  testUsdcAbi,
  uniswapV2FactoryAbi,
  uniswapV2PairAbi,
  uniswapV2RouterAbi,
  weth9Abi,
  type DevnetPool,
  type DevnetPoolToken,
  type DevnetSwapContracts,
} from './uniswap.js'
