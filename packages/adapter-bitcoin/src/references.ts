/**
 * The CAIP-2 references of Bitcoin's chains (`bip122:<reference>`): the first 32 hex digits of
 * each genesis block hash (CAIP-4). Their own module, so the public networks and the adapter's
 * runtime share these strings and nothing more.
 */
export const BITCOIN_MAINNET_REFERENCE = '000000000019d6689c085ae165831e93'
export const BITCOIN_TESTNET_REFERENCE = '000000000933ea01ad0ee984209779ba'
export const BITCOIN_TESTNET4_REFERENCE = '00000000da84f2bafbbc53dee25a72ae'
export const BITCOIN_SIGNET_REFERENCE = '00000008819873e925422c1ff0f99f7c'
export const BITCOIN_REGTEST_REFERENCE = '0f9188f13cb7b2c71f2a335e3a4fc328'
