import { describe, expect, it } from 'vitest'
import {
  approvedNamespaces,
  hasChain,
  parseEip155ChainId,
  withChain,
  type ProposalParams,
} from './namespaces.js'
import { WALLET_METHODS } from './params.js'
import { SOLANA_METHODS } from './solana/params.js'

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

function proposal(
  requiredNamespaces: ProposalParams['requiredNamespaces'],
  optionalNamespaces: ProposalParams['optionalNamespaces'],
): ProposalParams {
  return {
    id: 1,
    expiryTimestamp: 0,
    relays: [{ protocol: 'irn' }],
    proposer: {
      publicKey: '00',
      metadata: { name: 'd', description: '', url: 'http://127.0.0.1', icons: [] },
    },
    requiredNamespaces,
    optionalNamespaces,
    pairingTopic: 'topic',
  }
}

describe('approvedNamespaces', () => {
  it('covers every requested chain it knows, required and optional, with all its methods', () => {
    const namespaces = approvedNamespaces(
      proposal(
        { eip155: { chains: ['eip155:31337'], methods: ['personal_sign'], events: [] } },
        {
          eip155: { chains: ['eip155:31338', 'eip155:10'], methods: [], events: ['chainChanged'] },
          solana: { chains: ['solana:abc'], methods: [], events: [] },
        },
      ),
      ADDRESS,
      [31337, 31338],
    )
    expect(namespaces).toEqual({
      eip155: {
        chains: ['eip155:31337', 'eip155:31338'],
        accounts: [`eip155:31337:${ADDRESS}`, `eip155:31338:${ADDRESS}`],
        methods: WALLET_METHODS,
        events: ['chainChanged', 'accountsChanged'],
      },
    })
  })

  it('throws when a required chain is unknown or no requested chain is known', () => {
    expect(() =>
      approvedNamespaces(
        proposal({ eip155: { chains: ['eip155:1'], methods: [], events: [] } }, {}),
        ADDRESS,
        [31337],
      ),
    ).toThrow()
    expect(() =>
      approvedNamespaces(
        proposal({}, { eip155: { chains: ['eip155:1'], methods: [], events: [] } }),
        ADDRESS,
        [31337],
      ),
    ).toThrow(
      'The proposal requests no chain this wallet has an rpc url for (it knows eip155:31337)',
    )
  })

  it('adds a chain and its account to a session', () => {
    const before = approvedNamespaces(proposal({}, {}), ADDRESS, [31337])
    expect(hasChain(before, 31338)).toBe(false)
    const after = withChain(before, 31338, ADDRESS)
    expect(hasChain(after, 31338)).toBe(true)
    expect(after.eip155!.accounts).toContain(`eip155:31338:${ADDRESS}`)
  })

  it('parses eip155 CAIP-2 ids only', () => {
    expect(parseEip155ChainId('eip155:31337')).toBe(31337)
    expect(parseEip155ChainId('eip155:0x1')).toBeUndefined()
    expect(parseEip155ChainId('solana:1')).toBeUndefined()
  })
})

describe('approvedNamespaces with a Solana key', () => {
  const SOLANA = {
    address: 'B5PuU4wgnRArqoXSHxAHyYASNvSqmbGtoaTGNEw46pvN',
    chains: ['solana:localnet'],
  }

  it('approves the requested solana chains it knows, with every Solana method', () => {
    const namespaces = approvedNamespaces(
      proposal(
        {},
        {
          eip155: { chains: ['eip155:31337'], methods: [], events: [] },
          solana: {
            chains: ['solana:localnet', 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'],
            methods: ['solana_signMessage'],
            events: [],
          },
        },
      ),
      ADDRESS,
      [31337],
      SOLANA,
    )
    expect(namespaces.solana).toEqual({
      chains: ['solana:localnet'],
      accounts: [`solana:localnet:${SOLANA.address}`],
      methods: [...SOLANA_METHODS],
      events: ['chainChanged', 'accountsChanged'],
    })
    expect(namespaces.eip155?.accounts).toEqual([`eip155:31337:${ADDRESS}`])
  })

  it('leaves solana out when the proposal does not ask for it, or the wallet has no key', () => {
    const evmOnly = proposal({}, { eip155: { chains: ['eip155:31337'], methods: [], events: [] } })
    expect(Object.keys(approvedNamespaces(evmOnly, ADDRESS, [31337], SOLANA))).toEqual(['eip155'])
    const solanaOnly = proposal(
      {},
      { solana: { chains: ['solana:localnet'], methods: [], events: [] } },
    )
    expect(Object.keys(approvedNamespaces(solanaOnly, ADDRESS, [31337], SOLANA))).toEqual([
      'solana',
    ])
    expect(() => approvedNamespaces(solanaOnly, ADDRESS, [31337])).toThrow(
      'requests no chain this wallet has an rpc url for (it knows eip155:31337)',
    )
  })

  it('refuses a proposal that requires a Solana cluster it does not sign for', () => {
    expect(() =>
      approvedNamespaces(
        proposal({ solana: { chains: ['solana:devnet'], methods: [], events: [] } }, {}),
        ADDRESS,
        [31337],
        SOLANA,
      ),
    ).toThrow()
  })
})
