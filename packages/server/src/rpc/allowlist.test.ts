import { describe, expect, it } from 'vitest'
import { parseServerConfig } from '../config/load.js'
import { DEFAULT_RPC_METHODS, rpcAllowlist } from './allowlist.js'

const project = { id: 'p', allowedOrigins: ['https://app.example'] }

describe('the RPC method allowlist', () => {
  it('offers by default what a dapp reads and sends through a public RPC', () => {
    const allowed = rpcAllowlist(parseServerConfig({ projects: [project] }))
    for (const method of [
      'eth_blockNumber',
      'eth_chainId',
      'net_version',
      'eth_call',
      'eth_estimateGas',
      'eth_getBalance',
      'eth_getCode',
      'eth_getStorageAt',
      'eth_getTransactionCount',
      'eth_getTransactionByHash',
      'eth_getTransactionReceipt',
      'eth_getBlockByNumber',
      'eth_getBlockByHash',
      'eth_getLogs',
      'eth_gasPrice',
      'eth_maxPriorityFeePerGas',
      'eth_feeHistory',
      'eth_sendRawTransaction',
      'eth_getProof',
      'eth_blobBaseFee',
      'web3_clientVersion',
    ]) {
      expect(allowed.has(method), method).toBe(true)
    }
  })

  it('never offers by default the node’s accounts, wallet calls or node control', () => {
    const forbidden =
      /^(wallet|personal|admin|debug|trace|txpool|miner|anvil|hardhat|evm)_|^eth_(accounts|sendTransaction|sign|signTransaction|signTypedData.*|coinbase|subscribe)$/
    expect(DEFAULT_RPC_METHODS.filter((method) => forbidden.test(method))).toEqual([])
    expect(new Set(DEFAULT_RPC_METHODS).size).toBe(DEFAULT_RPC_METHODS.length)
  })

  it('is replaced, not extended, by the config’s rpc.allowedMethods', () => {
    const config = parseServerConfig({
      projects: [project],
      rpc: { allowedMethods: ['eth_chainId', 'anvil_mine'] },
    })
    expect([...rpcAllowlist(config)]).toEqual(['eth_chainId', 'anvil_mine'])
  })
})
