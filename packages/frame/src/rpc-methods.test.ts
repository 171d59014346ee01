import { describe, expect, it } from 'vitest'
import { isSafeRpcMethod, SAFE_RPC_METHODS } from './rpc-methods.js'

describe('safe RPC methods', () => {
  it.each([
    'eth_call',
    'eth_getBalance',
    'eth_chainId',
    'eth_blockNumber',
    'eth_estimateGas',
    'eth_getTransactionReceipt',
    'eth_accounts',
  ])('%s is a safe read', (method) => expect(isSafeRpcMethod(method)).toBe(true))

  // Everything that uses the key, moves value, grants rights or changes the wallet's state.
  it.each([
    'personal_sign',
    'eth_sign',
    'eth_signTypedData_v4',
    'eth_sendTransaction',
    'eth_signTransaction',
    'eth_sendRawTransaction',
    'eth_requestAccounts',
    'wallet_sendCalls',
    'wallet_switchEthereumChain',
    'wallet_addEthereumChain',
    'wallet_requestPermissions',
    'wallet_grantPermissions',
    'wallet_revokePermissions',
    'solana_signMessage',
    'solana_signAndSendTransaction',
    'eth_sendUserOperation',
    'anything_else',
    'toString',
  ])('%s is not', (method) => expect(isSafeRpcMethod(method)).toBe(false))

  it('lists each method once, and no signing or sending method', () => {
    expect(new Set(SAFE_RPC_METHODS).size).toBe(SAFE_RPC_METHODS.length)
    for (const method of SAFE_RPC_METHODS)
      expect(method).not.toMatch(/sign|send(?!Raw)|grant|revoke|request|switch|add/i)
  })
})
