import { describe, expect, it } from 'vitest'
import { approvedMethods, peerName, sessionAddresses, toPeer, toSession } from './session.js'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const TOPIC = 'ab'.repeat(32)

function struct(overrides: Record<string, unknown> = {}) {
  return {
    topic: TOPIC,
    expiry: 1_900_000_000,
    namespaces: {
      eip155: {
        accounts: [`eip155:1:${ADDRESS}`, `eip155:10:${ADDRESS}`],
        methods: ['personal_sign', 'eth_sendTransaction'],
        events: ['chainChanged'],
      },
    },
    peer: {
      publicKey: 'cd'.repeat(32),
      metadata: {
        name: 'Test Wallet',
        description: 'A wallet',
        url: 'https://wallet.example',
        icons: ['https://wallet.example/icon.png'],
        redirect: { native: 'testwallet://', universal: 'https://wallet.example/wc' },
      },
    },
    ...overrides,
  }
}

describe('toSession', () => {
  it('maps topic, expiry, CAIP-10 accounts per namespace and the peer', () => {
    expect(toSession(struct())).toEqual({
      topic: TOPIC,
      expiry: 1_900_000_000,
      accounts: { eip155: [`eip155:1:${ADDRESS}`, `eip155:10:${ADDRESS}`] },
      peer: {
        name: 'Test Wallet',
        icons: ['https://wallet.example/icon.png'],
        url: 'https://wallet.example',
        redirect: { native: 'testwallet://', universal: 'https://wallet.example/wc' },
      },
    })
  })

  it('drops malformed accounts, accounts of another namespace and duplicates', () => {
    const session = toSession(
      struct({
        namespaces: {
          eip155: {
            accounts: [
              `eip155:1:${ADDRESS}`,
              `eip155:1:${ADDRESS}`,
              'eip155:1:not-an-address',
              `solana:1:${ADDRESS}`,
              42,
              'garbage',
            ],
          },
          'eip155:10': { accounts: [`eip155:10:${ADDRESS}`] },
        },
      }),
    )
    expect(session?.accounts).toEqual({ eip155: [`eip155:1:${ADDRESS}`, `eip155:10:${ADDRESS}`] })
  })

  it('is undefined for a struct without any valid account, or a malformed one', () => {
    expect(toSession(struct({ namespaces: { eip155: { accounts: ['eip155:1:zz'] } } }))).toBe(
      undefined,
    )
    expect(toSession(struct({ topic: 'short' }))).toBe(undefined)
    expect(toSession(struct({ expiry: 'soon' }))).toBe(undefined)
    expect(toSession(null)).toBe(undefined)
  })
})

describe('toPeer', () => {
  it('drops unsafe links and icons, keeps the rest', () => {
    const peer = toPeer({
      name: 'Wallet',
      url: 'javascript:alert(1)',
      icons: [
        'http://insecure.example/i.png',
        'data:text/html,<script>',
        'https://ok.example/i.png',
      ],
      redirect: { native: 'javascript://%0aalert(1)', universal: 'http://not-https.example' },
    })
    expect(peer).toEqual({ name: 'Wallet', url: '', icons: ['https://ok.example/i.png'] })
  })

  it('never fails on malformed metadata', () => {
    expect(toPeer('nope')).toEqual({ name: '', icons: [], url: '' })
    expect(toPeer({ name: 7, icons: 'x', redirect: 'y' })).toEqual({ name: '', icons: [], url: '' })
  })

  it("keeps a name by core's rule: no markup, controls or bidi overrides; '' when refused", () => {
    expect(peerName('<b>Evil</b>\u202eWallet\u0007')).toBe('bEvil/bWallet')
    expect(peerName('x'.repeat(64))).toHaveLength(64)
    // Refused rather than cut (a cut name can read as another wallet's): core shows its own.
    expect(peerName('x'.repeat(500))).toBe('')
    expect(peerName('   ')).toBe('')
    expect(peerName(7)).toBe('')
  })

  it('keeps a declared native scheme only when a wallet may own it', () => {
    const redirectOf = (native: string) =>
      toPeer({ name: 'W', redirect: { native, universal: 'https://w.example/wc' } }).redirect
    expect(redirectOf('testwallet://')).toEqual({
      native: 'testwallet://',
      universal: 'https://w.example/wc',
    })
    for (const native of ['intent://x#Intent;end', 'ms-msdt://id', 'javascript://%0a1', 'data://x'])
      expect(redirectOf(native), native).toEqual({ universal: 'https://w.example/wc' })
  })
})

describe('approvedMethods', () => {
  it('lists the methods of every key of the namespace', () => {
    const methods = approvedMethods(
      struct({
        namespaces: {
          eip155: { accounts: [], methods: ['personal_sign'] },
          'eip155:5': { accounts: [], methods: ['eth_sendTransaction', 7] },
          solana: { accounts: [], methods: ['solana_signMessage'] },
        },
      }),
      'eip155',
    )
    expect([...methods].sort()).toEqual(['eth_sendTransaction', 'personal_sign'])
  })
})

describe('sessionAddresses', () => {
  const SOL = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'
  const session = {
    topic: 'ab'.repeat(32),
    expiry: 4_000_000_000,
    peer: { metadata: {} },
    namespaces: {
      solana: {
        accounts: [`solana:localnet:${SOL}`, `solana:mainnet-ref:${SOL}`, 'solana:x:not base58!'],
      },
      eip155: { accounts: ['eip155:1:0x00000000000000000000000000000000000000aa'] },
    },
  }

  it("lists the session's addresses on one chain only, well-formed ones only", () => {
    expect(sessionAddresses(session, 'solana:localnet')).toEqual([SOL])
    expect(sessionAddresses(session, 'eip155:1')).toEqual([
      '0x00000000000000000000000000000000000000aa',
    ])
    expect(sessionAddresses(session, 'solana:devnet')).toEqual([])
  })

  it('answers nothing for a malformed session', () => {
    expect(sessionAddresses({ namespaces: 'nope' }, 'solana:localnet')).toEqual([])
  })
})
