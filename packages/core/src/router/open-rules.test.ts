import { describe, expect, it } from 'vitest'
import { devnetA, solanaLocal } from '../testing/networks.js'
import {
  defaultRouterFacts,
  isCloseDisabled,
  resolveBackRoute,
  resolveClosedRoute,
  resolveConnectedRoute,
  resolveOpenRoute,
  type RouterFacts,
} from './open-rules.js'
import { connectedOnlyViews, route } from './routes.js'

const facts = (overrides: Partial<RouterFacts> = {}): RouterFacts => ({
  ...defaultRouterFacts,
  activeNamespace: 'eip155',
  firstNetworkByNamespace: { eip155: devnetA, solana: solanaLocal },
  ...overrides,
})

describe('opening rules (SPEC §2)', () => {
  it('rule 1: an explicit view is shown with its data', () => {
    const target = route('ConnectingExternal', { connectorId: 'io.dev.wallet' })
    expect(resolveOpenRoute({ route: target }, facts())).toBe(target)
  })

  it('rule 1 never shows a wallet-only view while disconnected', () => {
    expect(resolveOpenRoute({ route: route('Account') }, facts())).toEqual({ view: 'Connect' })
    expect(resolveOpenRoute({ route: route('Account') }, facts({ isConnected: true }))).toEqual({
      view: 'Account',
    })
  })

  it('rule 2: no adapters and no address → ConnectingWalletConnectBasic on desktop, AllWallets on mobile', () => {
    expect(resolveOpenRoute({}, facts({ hasAdapters: false }))).toEqual({
      view: 'ConnectingWalletConnectBasic',
    })
    expect(resolveOpenRoute({}, facts({ hasAdapters: false, isMobile: true }))).toEqual({
      view: 'AllWallets',
    })
  })

  it('rule 2 needs WalletConnect: without it, rule 3 shows Connect (no QR view that cannot work)', () => {
    expect(resolveOpenRoute({}, facts({ hasAdapters: false, walletConnect: false }))).toEqual({
      view: 'Connect',
    })
    expect(
      resolveOpenRoute({}, facts({ manualWalletControl: true, walletConnect: false })),
    ).toEqual({ view: 'Connect' })
  })

  it('rule 2: manual wallet control behaves like no adapters', () => {
    expect(resolveOpenRoute({}, facts({ manualWalletControl: true }))).toEqual({
      view: 'ConnectingWalletConnectBasic',
    })
  })

  it('rule 2 does not apply once an address is connected', () => {
    expect(resolveOpenRoute({}, facts({ manualWalletControl: true, isConnected: true }))).toEqual({
      view: 'Account',
    })
  })

  it('rule 3: Account if connected, otherwise Connect', () => {
    expect(resolveOpenRoute({}, facts({ isConnected: true }))).toEqual({ view: 'Account' })
    expect(resolveOpenRoute({}, facts())).toEqual({ view: 'Connect' })
  })

  it("rule 4: another namespace goes to the switch for that namespace's first requested network", () => {
    expect(resolveOpenRoute({ namespace: 'solana' }, facts({ isConnected: true }))).toEqual({
      view: 'SwitchNetwork',
      data: { network: solanaLocal },
    })
  })

  it('rule 4: the active namespace, or one with no network, opens as usual', () => {
    expect(resolveOpenRoute({ namespace: 'eip155' }, facts())).toEqual({ view: 'Connect' })
    expect(resolveOpenRoute({ namespace: 'bip122' }, facts())).toEqual({ view: 'Connect' })
  })
})

describe('closing and back rules (SPEC §2)', () => {
  it('closing resets the view to Connect', () => {
    expect(resolveClosedRoute(facts({ isConnected: true }))).toEqual({ view: 'Connect' })
  })

  it('embedded mode closes to Account if connected, else Connect', () => {
    expect(resolveClosedRoute(facts({ embedded: true, isConnected: true }))).toEqual({
      view: 'Account',
    })
    expect(resolveClosedRoute(facts({ embedded: true }))).toEqual({ view: 'Connect' })
  })

  it('going back to Connect while connected shows Account instead', () => {
    expect(resolveBackRoute({ view: 'Connect' }, facts({ isConnected: true }))).toEqual({
      view: 'Account',
    })
    expect(resolveBackRoute({ view: 'Connect' }, facts())).toEqual({ view: 'Connect' })
    expect(resolveBackRoute({ view: 'Networks' }, facts({ isConnected: true }))).toEqual({
      view: 'Networks',
    })
  })

  it('close is disabled exactly while connected, sign-in is required and no session exists', () => {
    expect(
      isCloseDisabled(facts({ isConnected: true, signInRequired: true, hasSignInSession: false })),
    ).toBe(true)
    const others = [false, true]
      .flatMap((isConnected) =>
        [false, true].flatMap((signInRequired) =>
          [false, true].map((hasSignInSession) => ({
            isConnected,
            signInRequired,
            hasSignInSession,
          })),
        ),
      )
      .filter((f) => !(f.isConnected && f.signInRequired && !f.hasSignInSession))
    expect(others).toHaveLength(7)
    for (const other of others)
      expect(isCloseDisabled(facts(other)), JSON.stringify(other)).toBe(false)
  })

  it('close is never disabled while no wallet is connected, even with sign-in required', () => {
    expect(isCloseDisabled(facts({ isConnected: false, signInRequired: true }))).toBe(false)
  })

  it('after a connection: SIWXSignMessage when sign-in is enabled without a session, else done', () => {
    expect(resolveConnectedRoute(facts({ signInEnabled: true }))).toEqual({
      view: 'SIWXSignMessage',
    })
    expect(resolveConnectedRoute(facts({ signInEnabled: true, hasSignInSession: true }))).toBe(
      'close',
    )
    expect(resolveConnectedRoute(facts({ embedded: true }))).toEqual({ view: 'Account' })
  })

  it('Account is one of the wallet-only views', () => {
    expect(connectedOnlyViews.has('Account')).toBe(true)
    expect(connectedOnlyViews.has('Connect')).toBe(false)
  })

  it('after a connection on an unsupported network: UnsupportedChain, before sign-in', () => {
    expect(resolveConnectedRoute(facts({ isUnsupportedChain: true, signInEnabled: true }))).toEqual(
      { view: 'UnsupportedChain' },
    )
  })

  it('UnsupportedChain needs a wallet: Connect stands in while disconnected', () => {
    expect(resolveOpenRoute({ route: route('UnsupportedChain') }, facts())).toEqual({
      view: 'Connect',
    })
  })
})
