import { isUserRejectedError, type RemoteProvider } from '@latch/core'
import type { WcWallet } from '@latch/wc-wallet'
import { createPublicClient, http, verifyMessage, verifyTypedData, type Hex } from 'viem'
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import type { LatchWalletConnectClient } from './client.js'
import { pairWith, startStack, type Stack } from './test/stack.js'
import { nextEvent } from './test/wait.js'

let stack: Stack
let client: LatchWalletConnectClient
let wallet: WcWallet
let provider: RemoteProvider

beforeAll(async () => {
  stack = await startStack()
  client = await stack.client()
  wallet = await stack.wallet()
  await pairWith(client, wallet)
  provider = client.providerFor('eip155')
}, 60_000)

afterAll(async () => {
  await stack?.stop()
})

afterEach(async () => {
  wallet.policy.requests = 'approve'
  if ((await provider.request({ method: 'eth_chainId' })) !== '0x7a69')
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
})

function event(name: string) {
  return nextEvent<unknown>((listener) => {
    provider.on(name, listener)
    return () => provider.removeListener(name, listener)
  })
}

const rpcClient = (chainId: number) =>
  createPublicClient({
    transport: http(stack.devnet.chains.find((chain) => chain.chainId === chainId)!.rpcUrl),
  })

describe('answered from the session', () => {
  it('eth_accounts, eth_requestAccounts and eth_chainId (hex)', async () => {
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([wallet.address])
    expect(await provider.request({ method: 'eth_requestAccounts' })).toEqual([wallet.address])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('returns the same provider for a namespace every time', () => {
    expect(client.providerFor('eip155')).toBe(provider)
  })
})

describe('sent to the wallet', () => {
  it('personal_sign: a signature by the account', async () => {
    const signature = await provider.request({
      method: 'personal_sign',
      params: ['0x68656c6c6f204c61746368', wallet.address],
    })
    expect(
      await verifyMessage({
        address: wallet.address,
        message: 'hello Latch',
        signature: signature as Hex,
      }),
    ).toBe(true)
  })

  it('eth_signTypedData_v4: a signature by the account', async () => {
    const typedData = {
      domain: { name: 'Latch', version: '1', chainId: 31337 },
      types: { Greeting: [{ name: 'text', type: 'string' }] },
      primaryType: 'Greeting',
      message: { text: 'hi' },
    } as const
    const signature = await provider.request({
      method: 'eth_signTypedData_v4',
      params: [wallet.address, JSON.stringify(typedData)],
    })
    expect(
      await verifyTypedData({ address: wallet.address, ...typedData, signature: signature as Hex }),
    ).toBe(true)
  })

  it('eth_sendTransaction: a hash whose transaction is mined on anvil', async () => {
    const to = stack.devnet.accounts[1]!.address
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to, value: '0x2386f26fc10000' }],
    })) as Hex
    const receipt = await rpcClient(31337).waitForTransactionReceipt({ hash })
    expect(receipt).toMatchObject({
      status: 'success',
      from: wallet.address.toLowerCase(),
      to: to.toLowerCase(),
    })
  })

  it("rejects with the wallet's 4001 when the user declines", async () => {
    wallet.policy.requests = 'reject'
    const error = await provider
      .request({ method: 'personal_sign', params: ['0x00', wallet.address] })
      .catch((reason: unknown) => reason)
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(isUserRejectedError(error)).toBe(true)
  })
})

describe('chains', () => {
  it('wallet_switchEthereumChain moves requests to the new chain and reports chainChanged', async () => {
    const hash = (await provider.request({
      method: 'eth_sendTransaction',
      params: [{ from: wallet.address, to: wallet.address, value: '0x1' }],
    })) as Hex
    await rpcClient(31337).waitForTransactionReceipt({ hash })
    const changed = event('chainChanged')
    expect(
      await provider.request({
        method: 'wallet_switchEthereumChain',
        params: [{ chainId: '0x7a6a' }],
      }),
    ).toBe(null)
    expect(await changed).toBe('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
    // Reads now go to chain 31338's RPC URL, which has never seen the transaction.
    const lookup = { method: 'eth_getTransactionByHash', params: [hash] }
    expect(await provider.request(lookup)).toBe(null)
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a69' }],
    })
    expect(await provider.request(lookup)).toMatchObject({ hash })
  })

  it('reports a chain change made in the wallet', async () => {
    const changed = event('chainChanged')
    await wallet.switchChain(31338)
    expect(await changed).toBe('0x7a6a')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6a')
  })

  it("passes on the wallet's 4902 for a chain it does not know", async () => {
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }),
    ).rejects.toMatchObject({ code: 4902 })
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a69')
  })

  it('follows the wallet to a chain added during the session, but reads nothing without an RPC URL', async () => {
    const chainA = stack.devnet.chains[0]!
    expect(
      await provider.request({
        method: 'wallet_addEthereumChain',
        params: [
          {
            chainId: '0x7a6b',
            chainName: 'Added',
            rpcUrls: [chainA.rpcUrl],
            nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
          },
        ],
      }),
    ).toBe(null)
    const changed = event('chainChanged')
    await provider.request({
      method: 'wallet_switchEthereumChain',
      params: [{ chainId: '0x7a6b' }],
    })
    expect(await changed).toBe('0x7a6b')
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x7a6b')
    // Latch was given no RPC URL for 31339: the read is refused, not sent to a default endpoint.
    await expect(provider.request({ method: 'eth_blockNumber' })).rejects.toMatchObject({
      code: 4901,
    })
  })

  it('refuses malformed switch params without asking anyone', async () => {
    await expect(
      provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: 31338 }] }),
    ).rejects.toMatchObject({ code: -32602 })
  })
})

describe('methods the wallet did not approve', () => {
  it('wallet_revokePermissions fails fast with 4200, without reaching the wallet', async () => {
    const asked = wallet.requests.length
    await expect(
      provider.request({ method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }),
    ).rejects.toMatchObject({ code: 4200 })
    expect(wallet.requests.length).toBe(asked)
  })

  it('eth_sign is refused (4200) rather than sent to the RPC, where anvil would sign', async () => {
    await expect(
      provider.request({ method: 'eth_sign', params: [wallet.address, '0x00'] }),
    ).rejects.toMatchObject({ code: 4200 })
  })
})

describe('on a phone', () => {
  it('reopens the wallet for a request sent to it, not for one answered locally', async () => {
    const mobile = await stack.client({ isMobile: () => true })
    await pairWith(mobile, wallet)
    const openWallet = vi.fn()
    mobile.openWallet = openWallet
    const phone = mobile.providerFor('eip155')
    await phone.request({ method: 'eth_accounts' })
    expect(openWallet).not.toHaveBeenCalled()
    await phone.request({ method: 'personal_sign', params: ['0x01', wallet.address] })
    expect(openWallet).toHaveBeenCalledOnce()
  })
})
