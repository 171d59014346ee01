/**
 * Reading accounts: balances, account data in each encoding, and an owner's token accounts
 * (SPL Token and Token-2022), as wallets and @solana/kit's account helpers ask for them.
 */
import { getAddressEncoder, type Address } from '@solana/kit'
import { z } from 'zod'
import type { SolanaChain } from '../../chain.js'
import { TOKEN_2022_PROGRAM_ADDRESS, TOKEN_PROGRAM_ADDRESS } from '../../tokens.js'
import { assertMinContextSlot, withContext, type RpcContext } from '../context.js'
import { RPC_ERROR_CODES, RpcError } from '../errors.js'
import { rpcMethod, type RpcMethod } from '../jsonrpc.js'
import { accountConfig, address, contextConfig, withConfig } from '../schemas.js'
import { assertSupportedEncoding, toUiAccount, type ChainAccount } from '../ui-account.js'

/** solana's MAX_MULTIPLE_ACCOUNTS. */
const MAX_MULTIPLE_ACCOUNTS = 100
const TOKEN_ACCOUNT_SIZE = 165
const ACCOUNT_TYPE_ACCOUNT = 2
const STATE_OFFSET = 108

type AccountConfig = z.infer<typeof accountConfig>

function readAccounts(
  chain: SolanaChain,
  addresses: readonly Address[],
  config: AccountConfig | null | undefined,
  defaultEncoding: 'binary' | 'base64',
) {
  assertMinContextSlot(chain, config?.minContextSlot)
  const encoding = config?.encoding ?? defaultEncoding
  assertSupportedEncoding(encoding)
  return addresses.map((where) => {
    const account = chain.getAccount(where)
    return account === null ? null : toUiAccount(chain, account, encoding, config?.dataSlice)
  })
}

function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && a.every((byte, index) => byte === b[index])
}

/** Whether an account of a token program is an initialized token account (not a mint, multisig). */
function isTokenAccount(account: ChainAccount): boolean {
  const { data } = account
  const shaped =
    data.length === TOKEN_ACCOUNT_SIZE ||
    (account.programAddress === TOKEN_2022_PROGRAM_ADDRESS &&
      data.length > TOKEN_ACCOUNT_SIZE &&
      data[TOKEN_ACCOUNT_SIZE] === ACCOUNT_TYPE_ACCOUNT)
  return shaped && data[STATE_OFFSET] !== 0
}

const tokenAccountFilter = z.union([
  z.object({ mint: address }).strict(),
  z.object({ programId: address }).strict(),
])

/**
 * The program whose accounts a getTokenAccountsByOwner filter selects.
 * @throws RpcError -32602 for a mint that is no token mint, or a program that is no token program.
 */
function tokenProgramOf(chain: SolanaChain, filter: z.infer<typeof tokenAccountFilter>): Address {
  if ('programId' in filter) {
    if (
      filter.programId !== TOKEN_PROGRAM_ADDRESS &&
      filter.programId !== TOKEN_2022_PROGRAM_ADDRESS
    ) {
      throw new RpcError(
        RPC_ERROR_CODES.invalidParams,
        'Invalid param: unrecognized Token program id',
      )
    }
    return filter.programId
  }
  const mint = chain.getAccount(filter.mint)
  const owner = mint?.programAddress
  if (owner !== TOKEN_PROGRAM_ADDRESS && owner !== TOKEN_2022_PROGRAM_ADDRESS) {
    throw new RpcError(RPC_ERROR_CODES.invalidParams, 'Invalid param: not a Token mint')
  }
  return owner
}

export const accountMethods: Record<string, RpcMethod<RpcContext>> = {
  getBalance: rpcMethod(withConfig(address, contextConfig), ({ chain }, [where, config]) => {
    assertMinContextSlot(chain, config?.minContextSlot)
    return withContext(chain, chain.getBalance(where))
  }),

  // A node's default for a single account is the legacy `binary` (bare base58).
  getAccountInfo: rpcMethod(withConfig(address, accountConfig), ({ chain }, [where, config]) =>
    withContext(chain, readAccounts(chain, [where], config, 'binary')[0]!),
  ),

  getMultipleAccounts: rpcMethod(
    withConfig(z.array(address), accountConfig),
    ({ chain }, [addresses, config]) => {
      if (addresses.length > MAX_MULTIPLE_ACCOUNTS) {
        throw new RpcError(
          RPC_ERROR_CODES.invalidParams,
          `Too many inputs provided; max ${MAX_MULTIPLE_ACCOUNTS}`,
        )
      }
      return withContext(chain, readAccounts(chain, addresses, config, 'base64'))
    },
  ),

  getTokenAccountsByOwner: rpcMethod(
    z.tuple([address, tokenAccountFilter, accountConfig.nullish()]),
    ({ chain }, [owner, filter, config]) => {
      assertMinContextSlot(chain, config?.minContextSlot)
      const encoding = config?.encoding ?? 'binary'
      assertSupportedEncoding(encoding)
      const program = tokenProgramOf(chain, filter)
      const encoder = getAddressEncoder()
      const ownerBytes = encoder.encode(owner)
      const mintBytes = 'mint' in filter ? encoder.encode(filter.mint) : undefined
      const found = chain.svm
        .getProgramAccounts(program)
        .map((account) => chain.getAccount(account.address))
        .filter((account): account is ChainAccount => account !== null && isTokenAccount(account))
        .filter(
          ({ data }) =>
            bytesEqual(data.subarray(32, 64), Uint8Array.from(ownerBytes)) &&
            (mintBytes === undefined ||
              bytesEqual(data.subarray(0, 32), Uint8Array.from(mintBytes))),
        )
        .sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0))
      return withContext(
        chain,
        found.map((account) => ({
          pubkey: account.address,
          account: toUiAccount(chain, account, encoding, config?.dataSlice),
        })),
      )
    },
  ),
}
