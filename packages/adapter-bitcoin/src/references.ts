import { BITCOIN_CHAIN_REFERENCES } from '@latch/core'

/**
 * The CAIP-2 references of Bitcoin's chains (`bip122:<reference>`): the first 32 hex digits of
 * each genesis block hash (CAIP-4). Core owns them (its address rules read them); these names
 * are the adapter's public spelling.
 */
export const BITCOIN_MAINNET_REFERENCE = BITCOIN_CHAIN_REFERENCES.mainnet
export const BITCOIN_TESTNET_REFERENCE = BITCOIN_CHAIN_REFERENCES.testnet
export const BITCOIN_TESTNET4_REFERENCE = BITCOIN_CHAIN_REFERENCES.testnet4
export const BITCOIN_SIGNET_REFERENCE = BITCOIN_CHAIN_REFERENCES.signet
export const BITCOIN_REGTEST_REFERENCE = BITCOIN_CHAIN_REFERENCES.regtest
