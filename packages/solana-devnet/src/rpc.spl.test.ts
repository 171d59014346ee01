import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenDecoder,
  getTransferCheckedInstruction,
  getTransferInstruction,
} from '@solana-program/token'
import {
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  getBase64Encoder,
  type Address,
  type KeyPairSigner,
} from '@solana/kit'
import { describe, expect, it } from 'vitest'
import type { SolanaDevnetMint } from './fixtures.js'
import { call, fundedSigner, signedTransaction, useDevnet, type KitClients } from './test/kit.js'

const context = useDevnet()

interface ParsedTokenAccount {
  pubkey: Address
  account: {
    owner: Address
    space: bigint
    data: {
      program: string
      space: bigint
      parsed: {
        type: string
        info: {
          mint: Address
          owner: Address
          state: string
          isNative: boolean
          tokenAmount: {
            amount: string
            decimals: number
            uiAmount: number
            uiAmountString: string
          }
          extensions?: { extension: string }[]
        }
      }
    }
  }
}

/** The owner's token accounts as a wallet reads them: jsonParsed, by mint. */
async function tokenAccounts(kit: KitClients, owner: Address, mint: Address) {
  const { value } = await kit.rpc
    .getTokenAccountsByOwner(owner, { mint }, { encoding: 'jsonParsed' })
    .send()
  return value as unknown as ParsedTokenAccount[]
}

/** Sends `amount` of a mint from a holder to a fresh owner's associated token account. */
async function sendTokens(
  kit: KitClients,
  mint: SolanaDevnetMint,
  holder: KeyPairSigner,
  amount: bigint,
  checked: boolean,
) {
  const recipient = await generateKeyPairSigner()
  const tokenProgram = mint.programAddress
  const [source] = await findAssociatedTokenPda({
    owner: holder.address,
    mint: mint.address,
    tokenProgram,
  })
  const [destination] = await findAssociatedTokenPda({
    owner: recipient.address,
    mint: mint.address,
    tokenProgram,
  })
  const create = getCreateAssociatedTokenIdempotentInstruction({
    payer: holder,
    ata: destination,
    owner: recipient.address,
    mint: mint.address,
    tokenProgram,
  })
  const move = checked
    ? getTransferCheckedInstruction(
        {
          source,
          mint: mint.address,
          destination,
          authority: holder,
          amount,
          decimals: mint.decimals,
        },
        { programAddress: tokenProgram },
      )
    : getTransferInstruction(
        { source, destination, authority: holder, amount },
        { programAddress: tokenProgram },
      )
  const transaction = await signedTransaction(kit, holder, [create, move])
  await kit.sendAndConfirm(transaction, { commitment: 'confirmed' })
  return { recipient: recipient.address, destination }
}

describe('SPL transfers read back through getTokenAccountsByOwner (jsonParsed)', () => {
  it('moves SPL Token with transfer', async () => {
    const { devnet, kit } = context()
    const holder = await createKeyPairSignerFromBytes(devnet.accounts[1]!.secretKey)
    const start = devnet.mint.amountPerHolder
    const amount = 1_234_567n // 1.234567 LTT

    const { recipient, destination } = await sendTokens(kit, devnet.mint, holder, amount, false)

    const [received] = await tokenAccounts(kit, recipient, devnet.mint.address)
    expect(received?.pubkey).toBe(destination)
    expect(received?.account.owner).toBe(devnet.mint.programAddress)
    expect(received?.account.data).toMatchObject({
      program: 'spl-token',
      space: 165n,
      parsed: {
        type: 'account',
        info: {
          mint: devnet.mint.address,
          owner: recipient,
          state: 'initialized',
          isNative: false,
          tokenAmount: {
            amount: '1234567',
            decimals: 6,
            uiAmount: 1.234567,
            uiAmountString: '1.234567',
          },
        },
      },
    })
    const [left] = await tokenAccounts(kit, holder.address, devnet.mint.address)
    expect(left?.account.data.parsed.info.tokenAmount.amount).toBe(String(start - amount))
  })

  it('moves Token-2022 with transferChecked, and lists its ATA’s ImmutableOwner extension', async () => {
    const { devnet, kit } = context()
    const holder = await createKeyPairSignerFromBytes(devnet.accounts[2]!.secretKey)
    const mint = devnet.token2022Mint
    const amount = 5n * 10n ** 9n

    const { recipient } = await sendTokens(kit, mint, holder, amount, true)

    const { value } = await kit.rpc
      .getTokenAccountsByOwner(
        recipient,
        { programId: mint.programAddress },
        { encoding: 'jsonParsed' },
      )
      .send()
    const [received] = value as unknown as ParsedTokenAccount[]
    expect(received?.account.data).toMatchObject({
      program: 'spl-token-2022',
      space: 170n,
      parsed: {
        info: {
          mint: mint.address,
          tokenAmount: { amount: '5000000000', decimals: 9, uiAmount: 5, uiAmountString: '5' },
          extensions: [{ extension: 'immutableOwner' }],
        },
      },
    })
    // A by-program query of the other program does not list it.
    const { value: classic } = await kit.rpc
      .getTokenAccountsByOwner(
        recipient,
        { programId: devnet.mint.programAddress },
        { encoding: 'jsonParsed' },
      )
      .send()
    expect(classic).toEqual([])
  })

  it('serves token accounts in base64 too, as the token program wrote them', async () => {
    const { devnet, kit } = context()
    const owner = devnet.mint.tokenAccounts[0]!
    const { value } = await kit.rpc
      .getTokenAccountsByOwner(owner.owner, { mint: devnet.mint.address }, { encoding: 'base64' })
      .send()
    const bytes = getBase64Encoder().encode(value[0]!.account.data[0])
    const token = getTokenDecoder().decode(bytes)
    expect(token).toMatchObject({ mint: devnet.mint.address, owner: owner.owner })
    expect(token.amount).toBeGreaterThan(0n)
  })

  it('refuses a filter that names no token mint or token program', async () => {
    const { devnet } = context()
    const owner = devnet.accounts[0]!.address
    const notAMint = await call(devnet.rpcUrl, 'getTokenAccountsByOwner', [
      owner,
      { mint: owner },
      { encoding: 'jsonParsed' },
    ])
    expect(notAMint.error).toEqual({ code: -32602, message: 'Invalid param: not a Token mint' })
    const notAProgram = await call(devnet.rpcUrl, 'getTokenAccountsByOwner', [
      owner,
      { programId: '11111111111111111111111111111111' },
    ])
    expect(notAProgram.error).toEqual({
      code: -32602,
      message: 'Invalid param: unrecognized Token program id',
    })
    // The legacy default (bare base58) cannot carry a 165-byte account, as on a node.
    const base58 = await call(devnet.rpcUrl, 'getTokenAccountsByOwner', [
      owner,
      { mint: devnet.mint.address },
    ])
    expect(base58.error?.code).toBe(-32600)
  })
})

describe('reading accounts', () => {
  it('getAccountInfo and getMultipleAccounts in base58, base64 and slices; null when absent', async () => {
    const { devnet, kit } = context()
    const owner = await fundedSigner(kit, 1n)
    const missing = (await generateKeyPairSigner()).address
    const { value: system } = await kit.rpc
      .getAccountInfo(owner.address, { encoding: 'base58' })
      .send()
    expect(system).toMatchObject({ data: ['', 'base58'], executable: false, space: 0n })
    expect(system?.owner).toBe('11111111111111111111111111111111')
    expect((await kit.rpc.getAccountInfo(missing).send()).value).toBeNull()

    const { value } = await kit.rpc
      .getMultipleAccounts([devnet.mint.address, missing], {
        encoding: 'base64',
        dataSlice: { offset: 44, length: 1 },
      })
      .send()
    expect(value[1]).toBeNull()
    // Byte 44 of a mint is its decimals.
    expect([...getBase64Encoder().encode(value[0]!.data[0])]).toEqual([devnet.mint.decimals])
    // An account jsonParsed cannot parse comes back in base64, as on a node.
    const { value: plain } = await kit.rpc
      .getAccountInfo(owner.address, { encoding: 'jsonParsed' })
      .send()
    expect(plain?.data).toEqual(['', 'base64'])
  })

  it('refuses more than 100 accounts and the zstd encoding', async () => {
    const { devnet } = context()
    const many = Array.from({ length: 101 }, () => devnet.mint.address)
    const tooMany = await call(devnet.rpcUrl, 'getMultipleAccounts', [many])
    expect(tooMany.error).toEqual({ code: -32602, message: 'Too many inputs provided; max 100' })
    const zstd = await call(devnet.rpcUrl, 'getAccountInfo', [
      devnet.mint.address,
      { encoding: 'base64+zstd' },
    ])
    expect(zstd.error?.code).toBe(-32602)
  })
})
