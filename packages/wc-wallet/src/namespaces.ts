import { buildApprovedNamespaces } from '@walletconnect/utils'
import { WALLET_METHODS } from './params.js'
import { SOLANA_METHODS } from './solana/params.js'

/** A session proposal's params as sign-client gives them (ProposalTypes.Struct). */
export type ProposalParams = Parameters<typeof buildApprovedNamespaces>[0]['proposal']

/** A session's namespaces (SessionTypes.Namespaces). */
export type SessionNamespaces = ReturnType<typeof buildApprovedNamespaces>

/** The session events the wallet emits. */
export const WALLET_EVENTS = ['chainChanged', 'accountsChanged'] as const

const caip2 = (chainId: number) => `eip155:${chainId}`

/** The wallet's Solana key and the chains it signs for, when it holds one. */
export interface SolanaNamespace {
  address: string
  chains: readonly string[]
}

/**
 * The namespaces the wallet approves a proposal with: every chain the dapp requests (required or
 * optional) that the wallet has an rpc url for, with the wallet's account on each; in `solana`
 * too when the wallet holds a Solana key. Throws when a required namespace or chain is not
 * covered, or when no requested chain is known.
 */
export function approvedNamespaces(
  proposal: ProposalParams,
  address: string,
  chainIds: readonly number[],
  solana?: SolanaNamespace,
): SessionNamespaces {
  const chains = chainIds.map(caip2)
  const approved = buildApprovedNamespaces({
    proposal,
    supportedNamespaces: {
      eip155: {
        chains,
        methods: [...WALLET_METHODS],
        events: [...WALLET_EVENTS],
        accounts: chains.map((chain) => `${chain}:${address}`),
      },
      ...(solana
        ? {
            solana: {
              chains: [...solana.chains],
              methods: [...SOLANA_METHODS],
              events: [...WALLET_EVENTS],
              accounts: solana.chains.map((chain) => `${chain}:${solana.address}`),
            },
          }
        : {}),
    },
  })
  const known = [...chains, ...(solana?.chains ?? [])]
  if (!approved.eip155 && !approved.solana) {
    throw new Error(
      `The proposal requests no chain this wallet has an rpc url for (it knows ${known.join(', ')})`,
    )
  }
  // Every session gets all the wallet's methods and events, as MetaMask grants them, not only
  // those the dapp listed: dapps often call wallet_addEthereumChain without having declared it.
  return {
    ...(approved.eip155
      ? { eip155: { ...approved.eip155, methods: [...WALLET_METHODS], events: [...WALLET_EVENTS] } }
      : {}),
    ...(approved.solana
      ? {
          solana: { ...approved.solana, methods: [...SOLANA_METHODS], events: [...WALLET_EVENTS] },
        }
      : {}),
  }
}

/** Whether the session's eip155 namespace already holds `chainId`. */
export function hasChain(namespaces: SessionNamespaces, chainId: number): boolean {
  return namespaces.eip155?.chains?.includes(caip2(chainId)) ?? false
}

/** The namespaces with `chainId` and the wallet's account on it added to eip155. */
export function withChain(
  namespaces: SessionNamespaces,
  chainId: number,
  address: string,
): SessionNamespaces {
  const eip155 = namespaces.eip155 ?? {
    chains: [],
    methods: [...WALLET_METHODS],
    events: [...WALLET_EVENTS],
    accounts: [],
  }
  const chain = caip2(chainId)
  return {
    ...namespaces,
    eip155: {
      ...eip155,
      chains: [...(eip155.chains ?? []), chain],
      accounts: [...eip155.accounts, `${chain}:${address}`],
    },
  }
}

/** The chain id of a CAIP-2 `eip155:<id>` reference; undefined for anything else. */
export function parseEip155ChainId(caip2Id: string): number | undefined {
  const match = /^eip155:([1-9]\d*)$/.exec(caip2Id)
  if (!match) return undefined
  const chainId = Number(match[1])
  return Number.isSafeInteger(chainId) ? chainId : undefined
}
