import { solanaDevnetAccounts } from '@latch/solana-devnet/browser'
import { startSolanaDevnet, type SolanaDevnet } from '@latch/solana-devnet'
import {
  address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getPublicKeyFromAddress,
  getTransactionDecoder,
  signatureBytes,
  verifySignature,
} from '@solana/kit'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { lamportsOf, transferBytes } from '../test/solana.js'
import { createSolanaAccount } from './account.js'
import { executeSolanaRequest, prepareSolanaRequest, type SolanaContext } from './methods.js'

let devnet: SolanaDevnet
beforeAll(async () => {
  devnet = await startSolanaDevnet({ port: 0 })
})
afterAll(() => devnet?.stop())

const [, , signer, other] = solanaDevnetAccounts()

async function context(rpcUrl = devnet.rpcUrl): Promise<SolanaContext> {
  return {
    account: await createSolanaAccount(signer!.secretKey),
    chains: ['solana:localnet'],
    rpcUrl,
  }
}

const CHAIN = 'solana:localnet'
const base58 = (bytes: Uint8Array) => getBase58Decoder().decode(bytes)
const base64 = (bytes: Uint8Array) => getBase64Decoder().decode(bytes)
const utf8 = (text: string) => new TextEncoder().encode(text)

/** The JSON-RPC error a call throws, as the dapp receives it. */
function rpcError(run: () => unknown): { code: number; message: string } {
  try {
    run()
  } catch (error) {
    return error as { code: number; message: string }
  }
  throw new Error('expected the call to throw')
}

async function run(ctx: SolanaContext, method: string, params: unknown) {
  return executeSolanaRequest(ctx, prepareSolanaRequest(ctx, method, params, CHAIN))
}

describe('prepareSolanaRequest', () => {
  it('refuses unknown methods (4200), other chains (4901) and malformed params (-32602)', async () => {
    const ctx = await context()
    expect(rpcError(() => prepareSolanaRequest(ctx, 'solana_signIn', {}, CHAIN)).code).toBe(4200)
    expect(
      rpcError(() => prepareSolanaRequest(ctx, 'solana_getAccounts', {}, 'solana:devnet')),
    ).toMatchObject({ code: 4901, message: expect.stringContaining('solana:devnet') })
    const pubkey = signer!.address
    expect(
      rpcError(() =>
        prepareSolanaRequest(ctx, 'solana_signMessage', { message: '0OIl', pubkey }, CHAIN),
      ),
    ).toMatchObject({ code: -32602, message: expect.stringContaining('params.message') })
    expect(
      rpcError(() =>
        prepareSolanaRequest(ctx, 'solana_signTransaction', { transaction: 'not base64!' }, CHAIN),
      ).code,
    ).toBe(-32602)
    const unsigned = base64(await transferBytes(devnet.rpcUrl, pubkey, other!.address, 1n))
    expect(
      rpcError(() =>
        prepareSolanaRequest(
          ctx,
          'solana_signAndSendTransaction',
          { transaction: unsigned, sendOptions: { preflightCommitment: 'instant' } },
          CHAIN,
        ),
      ).message,
    ).toContain('params.sendOptions.preflightCommitment: must be one of processed, recent')
    // The deprecated instruction form (no `transaction`) is not served.
    expect(
      rpcError(() =>
        prepareSolanaRequest(ctx, 'solana_signTransaction', { feePayer: pubkey }, CHAIN),
      ).code,
    ).toBe(-32602)
  })

  it('refuses another signer (4100) and transactions this key does not sign (-32602)', async () => {
    const ctx = await context()
    const message = base58(utf8('hi'))
    expect(
      rpcError(() =>
        prepareSolanaRequest(ctx, 'solana_signMessage', { message, pubkey: other!.address }, CHAIN),
      ).code,
    ).toBe(4100)
    const foreign = await transferBytes(devnet.rpcUrl, other!.address, signer!.address, 1n)
    expect(
      rpcError(() =>
        prepareSolanaRequest(
          ctx,
          'solana_signTransaction',
          { transaction: base64(foreign) },
          CHAIN,
        ),
      ),
    ).toMatchObject({ code: -32602, message: expect.stringContaining('does not ask') })
    expect(
      rpcError(() =>
        prepareSolanaRequest(
          ctx,
          'solana_signAndSendTransaction',
          { transaction: base64(utf8('not a transaction')) },
          CHAIN,
        ),
      ).message,
    ).toContain('not a wire-format Solana transaction')
  })

  it('answers the account methods without approval, and asks for every signature', async () => {
    const ctx = await context()
    const prepared = (method: string, params: unknown) =>
      prepareSolanaRequest(ctx, method, params, CHAIN).needsApproval
    expect(prepared('solana_getAccounts', {})).toBe(false)
    expect(prepared('solana_requestAccounts', undefined)).toBe(false)
    const message = base58(utf8('hi'))
    expect(prepared('solana_signMessage', { message, pubkey: signer!.address })).toBe(true)
  })
})

describe('executeSolanaRequest', () => {
  it('lists the account as { pubkey }', async () => {
    const ctx = await context()
    await expect(run(ctx, 'solana_getAccounts', {})).resolves.toEqual([{ pubkey: signer!.address }])
    await expect(run(ctx, 'solana_requestAccounts', [])).resolves.toEqual([
      { pubkey: signer!.address },
    ])
  })

  it('signs a message: ed25519 over the decoded bytes, in base58', async () => {
    const ctx = await context()
    const { signature } = (await run(ctx, 'solana_signMessage', {
      message: base58(utf8('Sign in to Latch')),
      pubkey: signer!.address,
    })) as { signature: string }
    const key = await getPublicKeyFromAddress(address(signer!.address))
    const bytes = signatureBytes(new Uint8Array(getBase58Encoder().encode(signature)))
    expect(await verifySignature(key, bytes, utf8('Sign in to Latch'))).toBe(true)
    expect(await verifySignature(key, bytes, utf8('something else'))).toBe(false)
  })

  it('signs a transaction: answers the signature and the signed wire transaction', async () => {
    const ctx = await context()
    const unsigned = await transferBytes(devnet.rpcUrl, signer!.address, other!.address, 5n)
    const answer = (await run(ctx, 'solana_signTransaction', {
      transaction: base64(unsigned),
    })) as { signature: string; transaction: string }
    const signed = getTransactionDecoder().decode(getBase64Encoder().encode(answer.transaction))
    const bytes = signed.signatures[address(signer!.address)]!
    expect(base58(new Uint8Array(bytes))).toBe(answer.signature)
    const key = await getPublicKeyFromAddress(address(signer!.address))
    expect(await verifySignature(key, bytes, signed.messageBytes)).toBe(true)
    // Signing adds a signature and changes nothing else.
    expect(base64(new Uint8Array(signed.messageBytes))).toBe(
      base64(new Uint8Array(getTransactionDecoder().decode(unsigned).messageBytes)),
    )
  })

  it('signs and sends: the transfer lands on the local chain', async () => {
    const ctx = await context()
    const before = await lamportsOf(devnet.rpcUrl, other!.address)
    const unsigned = await transferBytes(devnet.rpcUrl, signer!.address, other!.address, 12_345n)
    const { signature } = (await run(ctx, 'solana_signAndSendTransaction', {
      transaction: base64(unsigned),
      sendOptions: { preflightCommitment: 'singleGossip', skipPreflight: false },
    })) as { signature: string }
    expect(getBase58Encoder().encode(signature)).toHaveLength(64)
    expect(await lamportsOf(devnet.rpcUrl, other!.address)).toBe(before + 12_345n)
  })

  it("passes the node's own error on: an overspend is the node's -32002", async () => {
    const ctx = await context()
    const unsigned = await transferBytes(devnet.rpcUrl, signer!.address, other!.address, 10n ** 15n)
    await expect(
      run(ctx, 'solana_signAndSendTransaction', { transaction: base64(unsigned) }),
    ).rejects.toMatchObject({ code: -32002 })
  })

  it('signs every transaction of solana_signAllTransactions, in order', async () => {
    const ctx = await context()
    const first = await transferBytes(devnet.rpcUrl, signer!.address, other!.address, 1n)
    const second = await transferBytes(devnet.rpcUrl, signer!.address, other!.address, 2n)
    const { transactions } = (await run(ctx, 'solana_signAllTransactions', {
      transactions: [base64(first), base64(second)],
    })) as { transactions: string[] }
    expect(transactions).toHaveLength(2)
    const messages = transactions.map((wire) =>
      base64(
        new Uint8Array(
          getTransactionDecoder().decode(getBase64Encoder().encode(wire)).messageBytes,
        ),
      ),
    )
    expect(messages).toEqual(
      [first, second].map((wire) =>
        base64(new Uint8Array(getTransactionDecoder().decode(wire).messageBytes)),
      ),
    )
  })

  it('refuses a secret key whose halves do not belong together, at start', async () => {
    const mixed = new Uint8Array(64)
    mixed.set(signer!.secretKey.slice(0, 32), 0)
    mixed.set(other!.secretKey.slice(32), 32)
    await expect(createSolanaAccount(mixed)).rejects.toThrow()
  })
})
