import type { SolanaDevnet } from '@latch/solana-devnet'
import {
  address,
  getPublicKeyFromAddress,
  getUtf8Encoder,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { verifySignIn } from '@solana/wallet-standard-util'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  connectedWallet,
  features,
  rejection,
  startTestDevnet,
  walletConfig,
} from './test/devnet.js'
import { createSolanaDevWallet } from './wallet.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startTestDevnet()
})
afterAll(() => devnet.stop())

async function verifies(signer: string, signature: Uint8Array, data: Uint8Array) {
  const publicKey = await getPublicKeyFromAddress(address(signer))
  return verifySignature(publicKey, signatureBytes(signature), data)
}

describe('solana:signMessage', () => {
  it('signs with the connected account’s key, an ed25519 signature kit verifies', async () => {
    const dev = await connectedWallet(devnet)
    const [account] = dev.wallet.accounts
    const message = new Uint8Array(getUtf8Encoder().encode('Hello from Latch'))
    const [output] = await features(dev)['solana:signMessage'].signMessage({
      account: account!,
      message,
    })
    expect(output!.signedMessage).toEqual(message)
    expect(output!.signatureType).toBe('ed25519')
    expect(await verifies(account!.address, output!.signature, message)).toBe(true)
    // The same signature does not verify another message: it is really over these bytes.
    expect(await verifies(account!.address, output!.signature, new Uint8Array([1]))).toBe(false)
  })

  it('rejected, throws 4001 and signs nothing', async () => {
    const dev = await connectedWallet(devnet, 'auto-reject')
    const error = await rejection(
      features(dev)['solana:signMessage'].signMessage({
        account: dev.wallet.accounts[0]!,
        message: new Uint8Array([1, 2, 3]),
      }),
    )
    expect(error).toMatchObject({ code: 4001, message: 'User rejected the request.' })
    expect(dev.control.requests().at(-1)).toMatchObject({
      method: 'solana:signMessage',
      outcome: 'rejected',
    })
  })

  it('refuses (4100) an account the site is not connected to, without asking', async () => {
    const dev = await connectedWallet(devnet)
    const account = dev.wallet.accounts[0]!
    await features(dev)['standard:disconnect'].disconnect()
    const error = await rejection(
      features(dev)['solana:signMessage'].signMessage({ account, message: new Uint8Array([1]) }),
    )
    expect(error.code).toBe(4100)
    expect(dev.control.requests()).toHaveLength(1) // the connect only
  })
})

describe('solana:signIn', () => {
  const input = {
    domain: 'app.example',
    statement: 'Sign in to the Latch playground',
    uri: 'https://app.example/login',
    version: '1',
    chainId: 'solana:localnet',
    nonce: 'oNCEHm5jzQU2WvuBB',
    issuedAt: '2026-01-01T00:00:00.000Z',
  }

  it('signs the SIWS message, connects the signer and answers account, signedMessage, signature', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet))
    const change = vi.fn()
    features(dev)['standard:events'].on('change', change)
    const [output] = await features(dev)['solana:signIn'].signIn(input)
    const signer = devnet.accounts[0]!.address
    expect(output!.account.address).toBe(signer)
    expect(new TextDecoder().decode(output!.signedMessage)).toBe(
      [
        'app.example wants you to sign in with your Solana account:',
        signer,
        '',
        'Sign in to the Latch playground',
        '',
        'URI: https://app.example/login',
        'Version: 1',
        'Chain ID: solana:localnet',
        'Nonce: oNCEHm5jzQU2WvuBB',
        'Issued At: 2026-01-01T00:00:00.000Z',
      ].join('\n'),
    )
    expect(await verifies(signer, output!.signature, output!.signedMessage)).toBe(true)
    expect(verifySignIn(input, output!)).toBe(true)
    expect(dev.wallet.accounts.map((a) => a.address)).toEqual([signer])
    expect(change).toHaveBeenCalledExactlyOnceWith({ accounts: [output!.account] })
  })

  it('signs in with the address asked for, selecting it', async () => {
    const dev = await connectedWallet(devnet)
    const wanted = devnet.accounts[3]!.address
    const change = vi.fn()
    features(dev)['standard:events'].on('change', change)
    const [output] = await features(dev)['solana:signIn'].signIn({ ...input, address: wanted })
    expect(output!.account.address).toBe(wanted)
    expect(verifySignIn({ ...input, address: wanted }, output!)).toBe(true)
    expect(dev.control.selectedAddress()).toBe(wanted)
    expect(change).toHaveBeenCalledExactlyOnceWith({ accounts: [output!.account] })
  })

  it('rejected, throws 4001 and stays disconnected; an address it lacks is -32602', async () => {
    const dev = createSolanaDevWallet(walletConfig(devnet, { approval: 'auto-reject' }))
    expect((await rejection(features(dev)['solana:signIn'].signIn(input))).code).toBe(4001)
    expect(dev.wallet.accounts).toEqual([])
    const stranger = '11111111111111111111111111111111'
    const error = await rejection(
      features(dev)['solana:signIn'].signIn({ ...input, address: stranger }),
    )
    expect(error.code).toBe(-32602)
    // Outside a page there is no host to stand in for a missing domain.
    expect((await rejection(features(dev)['solana:signIn'].signIn({}))).code).toBe(-32602)
  })
})
