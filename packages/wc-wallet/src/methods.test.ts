import { devnetAccounts } from '@latch/devnet'
import { verifyTypedData, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { describe, expect, it, vi } from 'vitest'
import { createChainRegistry, DEFAULT_NATIVE_CURRENCY } from './chains.js'
import { WalletRpcError } from './errors.js'
import { executeRequest, prepareRequest, type MethodContext } from './methods.js'

const account = privateKeyToAccount(devnetAccounts[5]!.privateKey)
const other = devnetAccounts[6]!.address

function context(): MethodContext & { switched: number[] } {
  const switched: number[] = []
  const chains = createChainRegistry(
    [
      {
        chainId: 31337,
        name: 'A',
        rpcUrl: 'http://127.0.0.1:1',
        nativeCurrency: DEFAULT_NATIVE_CURRENCY,
      },
    ],
    31337,
  )
  return {
    account,
    chains,
    switched,
    switchChain: vi.fn(async (chainId: number) => {
      chains.select(chainId)
      switched.push(chainId)
    }),
  }
}

function rpcError(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    if (error instanceof WalletRpcError) return { code: error.code, message: error.message }
    throw error
  }
  throw new Error('expected a WalletRpcError')
}

const typedData = {
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'chainId', type: 'uint256' },
    ],
    Mail: [{ name: 'contents', type: 'string' }],
  },
  primaryType: 'Mail',
  domain: { name: 'Latch', chainId: 31337 },
  message: { contents: 'hello' },
}

describe('prepareRequest', () => {
  it('answers 4200 for a method the wallet does not support', () => {
    expect(rpcError(() => prepareRequest(context(), 'eth_sign', [], 31337))).toEqual({
      code: 4200,
      message: 'The requested method is not supported by this wallet: eth_sign',
    })
  })

  it('answers -32602 naming the first problem of bad params', () => {
    const ctx = context()
    expect(rpcError(() => prepareRequest(ctx, 'personal_sign', ['0x01'], 31337))).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params for personal_sign: params/),
    })
    expect(rpcError(() => prepareRequest(ctx, 'eth_chainId', [1], 31337)).code).toBe(-32602)
    expect(
      rpcError(() =>
        prepareRequest(ctx, 'wallet_switchEthereumChain', [{ chainId: '0x07a69' }], 31337),
      ).message,
    ).toBe(
      'Invalid params for wallet_switchEthereumChain: params[0].chainId: must be a 0x-prefixed hex number without leading zeros',
    )
    expect(
      rpcError(() =>
        prepareRequest(ctx, 'eth_sendTransaction', [{ to: account.address, value: '12' }], 31337),
      ).message,
    ).toBe(
      'Invalid params for eth_sendTransaction: params[0].value: must be a 0x-prefixed hex quantity',
    )
    expect(
      rpcError(() =>
        prepareRequest(ctx, 'eth_signTypedData_v4', [account.address, '{not json'], 31337),
      ).message,
    ).toContain('typed data is not valid JSON')
  })

  it('answers 4100 for another account and 4902 for an unknown chain', () => {
    const ctx = context()
    expect(rpcError(() => prepareRequest(ctx, 'personal_sign', ['0x01', other], 31337)).code).toBe(
      4100,
    )
    expect(
      rpcError(() => prepareRequest(ctx, 'eth_sendTransaction', [{ from: other }], 31337)).code,
    ).toBe(4100)
    expect(rpcError(() => prepareRequest(ctx, 'eth_sendTransaction', [{}], 1))).toMatchObject({
      code: 4902,
    })
    expect(
      rpcError(() =>
        prepareRequest(ctx, 'wallet_switchEthereumChain', [{ chainId: '0x1' }], 31337),
      ),
    ).toEqual({
      code: 4902,
      message:
        'Unrecognized chain ID "0x1". Try adding the chain using wallet_addEthereumChain first.',
    })
  })

  it('refuses wallet_addEthereumChain without a loopback rpc url, and unknown keys', () => {
    const params = {
      chainId: '0xa',
      chainName: 'Remote',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: ['https://mainnet.optimism.io'],
    }
    expect(
      rpcError(() => prepareRequest(context(), 'wallet_addEthereumChain', [params], 1)),
    ).toEqual({
      code: -32602,
      message:
        'Invalid params for wallet_addEthereumChain: params[0].rpcUrls: must include an http(s) URL on 127.0.0.1 (this wallet never reaches other hosts)',
    })
    expect(
      rpcError(() =>
        prepareRequest(context(), 'wallet_addEthereumChain', [{ ...params, extra: 1 }], 1),
      ).code,
    ).toBe(-32602)
  })

  it('marks read-only methods as answered without asking', () => {
    const ctx = context()
    expect(prepareRequest(ctx, 'eth_chainId', [], 31337).needsApproval).toBe(false)
    expect(prepareRequest(ctx, 'eth_accounts', undefined, 31337).needsApproval).toBe(false)
    expect(
      prepareRequest(ctx, 'personal_sign', ['0x01', account.address], 31337).needsApproval,
    ).toBe(true)
  })
})

describe('executeRequest', () => {
  it('answers eth_chainId in hex and eth_accounts with the address', async () => {
    const ctx = context()
    await expect(executeRequest(ctx, prepareRequest(ctx, 'eth_chainId', [], 31337))).resolves.toBe(
      '0x7a69',
    )
    await expect(
      executeRequest(ctx, prepareRequest(ctx, 'eth_requestAccounts', [], 31337)),
    ).resolves.toEqual([account.address])
  })

  it('signs typed data given as JSON text, verifiably', async () => {
    const ctx = context()
    const signature = (await executeRequest(
      ctx,
      prepareRequest(
        ctx,
        'eth_signTypedData_v4',
        [account.address, JSON.stringify(typedData)],
        31337,
      ),
    )) as Hex
    await expect(
      verifyTypedData({
        address: account.address,
        types: { Mail: typedData.types.Mail },
        primaryType: 'Mail',
        domain: { name: 'Latch', chainId: 31337 },
        message: typedData.message,
        signature,
      }),
    ).resolves.toBe(true)
  })

  it('answers -32602 when typed data does not match its types', async () => {
    const ctx = context()
    const bad = {
      ...typedData,
      types: { ...typedData.types, Mail: [{ name: 'to', type: 'address' }] },
      message: { to: 'nobody' },
    }
    const prepared = prepareRequest(ctx, 'eth_signTypedData_v4', [account.address, bad], 31337)
    await expect(executeRequest(ctx, prepared)).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining('Address "nobody" is invalid'),
    })
  })

  it('adds a chain, after which switching to it succeeds', async () => {
    const ctx = context()
    const add = prepareRequest(
      ctx,
      'wallet_addEthereumChain',
      [
        {
          chainId: '0x7a6a',
          chainName: 'B',
          nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          rpcUrls: ['https://example.org', 'http://127.0.0.1:2'],
        },
      ],
      31337,
    )
    await expect(executeRequest(ctx, add)).resolves.toBeNull()
    expect(ctx.chains.get(31338)?.config.rpcUrl).toBe('http://127.0.0.1:2')
    const switchTo = prepareRequest(
      ctx,
      'wallet_switchEthereumChain',
      [{ chainId: '0x7a6a' }],
      31337,
    )
    await expect(executeRequest(ctx, switchTo)).resolves.toBeNull()
    expect(ctx.switched).toEqual([31338])
    expect(ctx.chains.currentId).toBe(31338)
  })
})
