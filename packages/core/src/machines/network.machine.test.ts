import { describe, expect, it } from 'vitest'
import {
  AUTH_CONNECTOR_NAMESPACES,
  selectActiveCaipNetworkId,
  selectActiveNamespace,
  selectActiveNetwork,
  selectIsUnsupportedChain,
  selectNetworks,
} from './network.machine.js'
import {
  EVM,
  SOL,
  bitcoin,
  mainnet,
  net,
  polygon,
  solana,
  solanaDevnet,
} from '../test/network-fixtures.js'
import { pushSwitchNetwork, start } from '../test/network-harness.js'

describe('network machine: starting network', () => {
  it('starts on the restored network when it is still configured', () => {
    const { actor } = start({ activeCaipNetworkId: solana.caipNetworkId, defaultNetwork: polygon })
    expect(selectActiveNamespace(actor.getSnapshot())).toBe('solana')
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solana)
  })

  it('falls back to the default network when the restored id is no longer configured', () => {
    const { actor } = start({ activeCaipNetworkId: 'eip155:10', defaultNetwork: polygon })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
  })

  it('falls back to the first network, and starts every namespace on its first network', () => {
    const { actor } = start()
    const snapshot = actor.getSnapshot()
    expect(selectActiveNetwork(snapshot)).toBe(mainnet)
    expect(selectActiveNetwork(snapshot, 'solana')).toBe(solana)
    expect(selectActiveNetwork(snapshot, 'bip122')).toBe(bitcoin)
    expect(selectNetworks(snapshot, 'solana')).toEqual([solana, solanaDevnet])
  })
})

describe('network machine: SWITCH_NETWORK routing (SPEC §4)', () => {
  it('does nothing for the network that is already active', () => {
    const { actor, emitted } = start()
    const before = actor.getSnapshot()
    actor.send({ type: 'SWITCH_NETWORK', network: mainnet, ignoreSwitchConfirmation: true })
    expect(emitted).toEqual([])
    expect(actor.getSnapshot().context).toBe(before.context)
  })

  it('goes to SwitchNetwork with ignoreSwitchConfirmation, even where SwitchActiveChain applies', () => {
    const { actor, emitted, facts } = start()
    facts({ eip155: EVM })
    actor.send({ type: 'SWITCH_NETWORK', network: solana, ignoreSwitchConfirmation: true })
    expect(emitted).toEqual([pushSwitchNetwork(solana)])
  })

  it('exports the auth connector namespaces', () => {
    expect(AUTH_CONNECTOR_NAMESPACES).toEqual(['eip155', 'solana'])
  })

  it('goes to SwitchNetwork for the auth connector switching to a namespace it serves', () => {
    const { actor, emitted, facts } = start()
    facts({ eip155: { ...EVM, connectorId: 'AUTH', connectorType: 'AUTH' } })
    actor.send({ type: 'SWITCH_NETWORK', network: solana })
    expect(emitted).toEqual([pushSwitchNetwork(solana)])
  })

  it('sends the auth connector to SwitchActiveChain for a namespace it does not serve', () => {
    const { actor, emitted, facts } = start()
    facts({ eip155: { ...EVM, connectorId: 'AUTH', connectorType: 'AUTH' } })
    actor.send({ type: 'SWITCH_NETWORK', network: bitcoin })
    expect(emitted).toEqual([
      expect.objectContaining({ route: expect.objectContaining({ view: 'SwitchActiveChain' }) }),
    ])
  })

  it('goes to SwitchActiveChain for another namespace with no address there', () => {
    const { actor, emitted, facts } = start()
    facts({ eip155: { ...EVM, connectorType: 'INJECTED' } })
    actor.send({ type: 'SWITCH_NETWORK', network: solana })
    expect(emitted).toEqual([
      {
        type: 'navigate',
        action: 'push',
        route: {
          view: 'SwitchActiveChain',
          data: {
            switchToChain: 'solana',
            navigateTo: 'Connect',
            navigateWithReplace: true,
            network: solana,
          },
        },
      },
    ])
  })

  it.each([
    ['the target namespace has an address', { eip155: EVM, solana: SOL }, solana],
    ['the current namespace is not connected', {}, solana],
    ['the target is in the same namespace', { eip155: EVM }, polygon],
  ])('goes to SwitchNetwork when %s', (_, namespaces, network) => {
    const { actor, emitted, facts } = start()
    facts(namespaces)
    actor.send({ type: 'SWITCH_NETWORK', network })
    expect(emitted).toEqual([pushSwitchNetwork(network)])
  })
})

describe('network machine: SWITCH_ACTIVE_CHAIN', () => {
  it('activates the given network and replaces the view with Connect', () => {
    const { actor, emitted } = start()
    actor.send({
      type: 'SWITCH_ACTIVE_CHAIN',
      namespace: 'solana',
      network: solanaDevnet,
      navigateTo: 'Connect',
      navigateWithReplace: true,
    })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solanaDevnet)
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'networkChanged', network: solanaDevnet },
      { type: 'navigate', action: 'replace', route: { view: 'Connect' } },
    ])
  })

  it("uses the namespace's current network and pushes Connect by default", () => {
    const { actor, emitted } = start()
    actor.send({
      type: 'WALLET_CHAIN_CHANGED',
      namespace: 'solana',
      chainReference: solanaDevnet.id as string,
    })
    actor.send({ type: 'SWITCH_ACTIVE_CHAIN', namespace: 'solana' })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solanaDevnet)
    expect(emitted.at(-1)).toEqual({ type: 'navigate', action: 'push', route: { view: 'Connect' } })
  })

  it('does nothing for a namespace without any network', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'SWITCH_ACTIVE_CHAIN', namespace: 'cosmos' })
    expect(emitted).toEqual([])
    expect(selectActiveNamespace(actor.getSnapshot())).toBe('eip155')
  })
})

describe('network machine: WALLET_CHAIN_CHANGED and UnsupportedChain (SPEC §2)', () => {
  const openUnsupported = { type: 'navigate', action: 'open', route: { view: 'UnsupportedChain' } }

  it('follows the wallet to a configured chain', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '137' })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
    expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }])
  })

  it('opens UnsupportedChain when the wallet moves to a chain that is not configured', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '10' })
    const snapshot = actor.getSnapshot()
    expect(selectActiveCaipNetworkId(snapshot)).toBe('eip155:10')
    expect(selectActiveNetwork(snapshot)).toBeUndefined()
    expect(selectIsUnsupportedChain(snapshot)).toBe(true)
    expect(emitted).toEqual([openUnsupported])
  })

  it.each([
    ['network switching is disabled', { enableNetworkSwitch: false }, false],
    ['unsupported chains are allowed', { allowUnsupportedChain: true }, false],
    ['the connection is basic', {}, true],
  ])('does not open UnsupportedChain when %s', (_, input, isBasicConnection) => {
    const { actor, emitted, facts } = start(input)
    facts({ eip155: EVM }, isBasicConnection)
    actor.send({ type: 'WALLET_CHAIN_CHANGED', namespace: 'eip155', chainReference: '10' })
    expect(selectActiveCaipNetworkId(actor.getSnapshot())).toBe('eip155:10')
    expect(selectIsUnsupportedChain(actor.getSnapshot())).toBe(false)
    expect(emitted).toEqual([])
  })

  it('does not open UnsupportedChain for a namespace that is not active', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'WALLET_CHAIN_CHANGED', namespace: 'solana', chainReference: 'unknown' })
    expect(selectActiveCaipNetworkId(actor.getSnapshot(), 'solana')).toBe('solana:unknown')
    expect(emitted).toEqual([])
  })
})

describe('network machine: a wallet connected in another namespace', () => {
  it("makes the wallet's namespace active, on the wallet's chain", () => {
    const { actor, emitted } = start()
    actor.send({
      type: 'WALLET_CONNECTED',
      namespace: 'solana',
      chainReference: String(solanaDevnet.id),
    })
    expect(selectActiveNamespace(actor.getSnapshot())).toBe('solana')
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solanaDevnet)
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'networkChanged', network: solanaDevnet },
    ])
  })

  it('opens UnsupportedChain when the wallet is on a chain the host does not configure', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'WALLET_CONNECTED', namespace: 'solana', chainReference: 'elsewhere' })
    const snapshot = actor.getSnapshot()
    expect(selectActiveNamespace(snapshot)).toBe('solana')
    expect(selectIsUnsupportedChain(snapshot)).toBe(true)
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'navigate', action: 'open', route: { view: 'UnsupportedChain' } },
    ])
  })

  it("in the active namespace, follows the wallet's chain like a chain change", () => {
    const { actor, emitted } = start()
    actor.send({ type: 'WALLET_CONNECTED', namespace: 'eip155', chainReference: '137' })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(polygon)
    expect(emitted).toEqual([{ type: 'networkChanged', network: polygon }])
  })

  it('leaves the active namespace alone on a chain change in another namespace', () => {
    const { actor, emitted } = start()
    actor.send({
      type: 'WALLET_CHAIN_CHANGED',
      namespace: 'solana',
      chainReference: String(solanaDevnet.id),
    })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
    expect(selectActiveNetwork(actor.getSnapshot(), 'solana')).toBe(solanaDevnet)
    expect(emitted).toEqual([])
  })
})

describe('network machine: adapters and networks come and go (SPEC §4)', () => {
  it('moves to the first network of another adapter when the active adapter is removed', () => {
    const { actor, emitted } = start({ adapterNamespaces: ['eip155', 'bip122', 'solana'] })
    actor.send({ type: 'ADAPTER_REMOVED', namespace: 'eip155' })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(bitcoin)
    expect(actor.getSnapshot().context.adapterNamespaces).toEqual(['bip122', 'solana'])
    expect(selectNetworks(actor.getSnapshot())).toEqual([solana, solanaDevnet, bitcoin])
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'networkChanged', network: bitcoin },
    ])
  })

  it('keeps the active network when another adapter is removed', () => {
    const { actor, emitted } = start()
    actor.send({ type: 'ADAPTER_REMOVED', namespace: 'solana' })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
    expect(actor.getSnapshot().context.adapterNamespaces).toEqual(['eip155', 'bip122'])
    expect(emitted).toEqual([])
  })

  it('falls back to the first remaining network of the chain when the active one is removed', () => {
    const { actor, emitted } = start({ activeCaipNetworkId: solanaDevnet.caipNetworkId })
    actor.send({ type: 'NETWORK_REMOVED', caipNetworkId: solanaDevnet.caipNetworkId })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solana)
    expect(selectNetworks(actor.getSnapshot(), 'solana')).toEqual([solana])
    expect(emitted).toEqual([{ type: 'networkChanged', network: solana }])
  })

  it("falls back to another adapter's first network when the chain has none left", () => {
    const { actor, emitted } = start({ activeCaipNetworkId: bitcoin.caipNetworkId })
    actor.send({ type: 'NETWORK_REMOVED', caipNetworkId: bitcoin.caipNetworkId })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
    expect(emitted).toEqual([
      { type: 'sendFormReset' },
      { type: 'networkChanged', network: mainnet },
    ])
  })

  it('keeps the active network when another one is removed; that namespace moves on', () => {
    const { actor, emitted } = start()
    actor.send({
      type: 'WALLET_CHAIN_CHANGED',
      namespace: 'solana',
      chainReference: solanaDevnet.id as string,
    })
    actor.send({ type: 'NETWORK_REMOVED', caipNetworkId: solanaDevnet.caipNetworkId })
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(mainnet)
    expect(selectActiveNetwork(actor.getSnapshot(), 'solana')).toBe(solana)
    expect(emitted).toEqual([])
  })

  it('adds a network once, and a namespace without networks starts on it', () => {
    const optimism = net('eip155', '10', 'Optimism')
    const { actor } = start({ networks: [solana] })
    actor.send({ type: 'NETWORK_ADDED', network: optimism })
    actor.send({ type: 'NETWORK_ADDED', network: { ...optimism } })
    expect(selectNetworks(actor.getSnapshot())).toEqual([solana, optimism])
    expect(selectActiveNetwork(actor.getSnapshot(), 'eip155')).toBe(optimism)
    expect(selectActiveNetwork(actor.getSnapshot())).toBe(solana)
  })
})
