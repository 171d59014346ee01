// A host without React: plain DOM and the Latch instance's helpers, nothing else. No view is
// ever drawn, so everything that happens here is core running the flows by itself.
import { evmAdapter } from '@latch/adapter-evm'
import {
  createLatch,
  route,
  selectEmailLogin,
  type EmailFlowView,
  type Latch,
  type Network,
} from '@latch/core'
import { DEV_WALLET_INFO } from '@latch/dev-wallet'
import { walletConnect } from '@latch/walletconnect'
import { PLAYGROUND_PROJECT_ID, readPlaygroundConfig, type PlaygroundConfig } from '../config.js'
import { setupDevWallet } from '../dev-wallet.js'
import { playgroundNetworks } from '../networks.js'
import { playgroundSiwx, signInModeOf } from '../sign-in-mode.js'
import { element, failure } from './dom.js'
import { messages } from './messages.js'
import { mountReadout, type LogoutState } from './readout.js'
import { mountSignIn } from './sign-in.js'
import '../styles.css'

/**
 * The page's knobs, from its query string:
 * - `walletChains=N`: the in-page dev wallet starts knowing only the first N configured chains,
 *   so switching to a later one takes the 4902 → wallet_addEthereumChain → retry path;
 * - `logoutAtLoad=1`: the host logs out as soon as the instance runs (`latch.ready()`), while
 *   reconnect-on-load is still under way;
 * - `siwx=optional|required`: sign in with the wallet, as on '/' (the same `siwx` option), and
 *   the section that shows it.
 *
 * Email login needs the Latch server (`serverUrl`): its secure frame sends the codes.
 */
function readKnobs(search: string) {
  const params = new URLSearchParams(search)
  const walletChains = Number(params.get('walletChains'))
  return {
    walletChains: Number.isInteger(walletChains) && walletChains > 0 ? walletChains : undefined,
    logoutAtLoad: params.get('logoutAtLoad') === '1',
    signIn: signInModeOf(params.get('siwx')),
  }
}

type EmailLogin = NonNullable<Latch['emailLogin']>

/**
 * The email login (SPEC §4) on the instance's helpers alone: opening the code view for an
 * address starts a login for it (the secure frame mails the code then); the login's actor is
 * `latch.emailLogin`, told `SUBMIT_CODE` and read with `selectEmailLogin`. The status line says
 * its step or its failure, and carries the step (`data-step`) and every step of the current
 * login so far (`data-steps`, in order) for the e2e test. Once the code is accepted the
 * embedded wallet connects, and the readout shows it through `subscribeAccount`.
 */
function mountEmailLogin(parent: HTMLElement, latch: Latch) {
  const form = (id: string, label: string, submit: string) => {
    const node = element('form')
    node.noValidate = true // core checks the address and the code, and says what is wrong
    Object.assign(node.style, { display: 'flex', flexWrap: 'wrap', gap: '8px', margin: '0 0 8px' })
    const labelNode = element('label', label)
    labelNode.htmlFor = id
    const input = element('input')
    input.id = id
    const button = element('button', submit)
    button.type = 'submit'
    node.append(labelNode, input, button)
    return { node, input }
  }
  const email = form('email-login-address', messages.emailField, messages.emailSubmit)
  email.input.type = 'email'
  email.input.autocomplete = 'email'
  const code = form('email-login-code', messages.codeField, messages.codeSubmit)
  code.input.inputMode = 'numeric'
  code.input.autocomplete = 'one-time-code'
  const status = element('p')
  status.setAttribute('role', 'status')
  parent.append(element('h2', messages.emailLogin), email.node, code.node, status)

  let followed: EmailLogin | undefined
  let subscription: { unsubscribe(): void } | undefined
  // The current (or last) login as selectEmailLogin reads it, and its steps so far.
  let last: EmailFlowView | undefined
  let steps: string[] = []
  // What the page itself could not do (open threw, a code with no login to take it).
  let note = ''
  const show = () => {
    status.textContent =
      note ||
      (!last
        ? messages.emailIdle
        : last.error
          ? messages.emailFailed(last.step, last.error.message)
          : followed
            ? messages.emailStep(last.step)
            : messages.emailEnded(last.step))
    status.dataset.step = last?.step ?? 'idle'
    status.dataset.steps = steps.join(' ')
    status.dataset.running = String(followed !== undefined)
  }
  const read = (view: EmailFlowView) => {
    last = view
    if (steps.at(-1) !== view.step) steps.push(view.step)
    note = ''
    show()
  }
  // A login's run starts (and ends) in the root's chart: follow whichever one is on show.
  const follow = () => {
    const login = latch.emailLogin
    if (login === followed) return
    subscription?.unsubscribe()
    subscription = undefined
    followed = login
    if (login) {
      steps = []
      read(selectEmailLogin(login.getSnapshot()))
      subscription = login.subscribe((snapshot) => read(selectEmailLogin(snapshot)))
    } else show()
  }

  email.node.addEventListener('submit', (event) => {
    event.preventDefault()
    try {
      latch.open({ route: route('EmailVerifyOtp', { email: email.input.value.trim() }) })
      note = ''
    } catch (error) {
      note = failure('open', error)
    }
    show()
  })
  code.node.addEventListener('submit', (event) => {
    event.preventDefault()
    const login = latch.emailLogin
    note = login ? '' : messages.emailNoLogin
    login?.send({ type: 'SUBMIT_CODE', otp: code.input.value.trim() })
    show()
  })
  latch.actor.subscribe(follow)
  show()
}

function run(root: HTMLElement, config: PlaygroundConfig) {
  const knobs = readKnobs(window.location.search)
  // Before Latch starts, so the wallet is announced by the time Latch looks for wallets.
  const walletChains = knobs.walletChains
    ? config.chains.slice(0, knobs.walletChains)
    : config.chains
  setupDevWallet({ ...config, chains: walletChains }, null)

  const networks = playgroundNetworks(config.chains)
  const latch = createLatch({
    projectId: PLAYGROUND_PROJECT_ID,
    // The wallet directory and the project's features from the local Latch server, as on '/'.
    ...(config.serverUrl ? { serverUrl: config.serverUrl } : {}),
    metadata: {
      name: messages.heading,
      description: messages.intro,
      url: window.location.origin,
      icons: [],
    },
    networks,
    adapters: [evmAdapter()],
    // WalletConnect exactly as a React host gets it: the option, loaded on first pairing.
    ...(config.walletConnect ? { walletConnect: walletConnect(config.walletConnect) } : {}),
    ...playgroundSiwx(knobs.signIn, config.serverUrl),
  })

  const actions = element('section')
  actions.className = 'card'
  const buttons = element('div')
  Object.assign(buttons.style, { display: 'flex', flexWrap: 'wrap', gap: '8px' })
  actions.append(element('h2', messages.actions), buttons)
  const emailCard = element('section')
  emailCard.className = 'card'
  mountEmailLogin(emailCard, latch)
  // Only when the page turned sign-in on, so the page without `?siwx=` is as it was.
  const signInCards: HTMLElement[] = []
  if (latch.options.siwx !== undefined && config.serverUrl) {
    const card = element('section')
    card.className = 'card'
    mountSignIn(card, latch, { serverUrl: config.serverUrl, projectId: PLAYGROUND_PROJECT_ID })
    signInCards.push(card)
  }
  const readoutCard = element('section')
  readoutCard.className = 'card'
  readoutCard.append(element('h2', messages.readout))
  root.append(
    element('h1', messages.heading),
    element('p', messages.intro),
    actions,
    ...signInCards,
    emailCard,
    readoutCard,
  )
  const show = mountReadout(readoutCard)

  const statuses: string[] = [latch.getAccount().status]
  let statusAtStart = ''
  let result = ''
  let logout: LogoutState = { state: 'idle' }
  let renderQueued = false
  // Coalesced into one microtask: a chain change reaches the connection machine and the network
  // machine in the same task, and the readout should show both, not the first alone.
  const render = () => {
    if (renderQueued) return
    renderQueued = true
    queueMicrotask(() => {
      renderQueued = false
      show({
        account: latch.getAccount(),
        network: latch.getActiveNetwork(),
        wallets: latch.getConnectors().map((connector) => connector.name),
        statuses,
        statusAtStart,
        result,
        logout,
      })
    })
  }
  const settle = (text: string) => {
    result = text
    render()
  }

  const connect = async () => {
    settle(messages.pending('connect'))
    // An announced wallet's connector id is its rdns; core waits for it to be discovered.
    const devWallet = latch.getConnectors().find((c) => c.rdns === DEV_WALLET_INFO.rdns)
    try {
      const { acct, connectorData } = await latch.connect({
        connectorId: devWallet?.id ?? DEV_WALLET_INFO.rdns,
      })
      settle(messages.connected(acct, connectorData.name ?? messages.none))
    } catch (error) {
      settle(failure('connect', error))
    }
  }
  const switchTo = async (network: Network) => {
    settle(messages.pending('switchNetwork'))
    try {
      await latch.switchNetwork(network)
      settle(messages.switched(network.name))
    } catch (error) {
      settle(failure('switchNetwork', error))
    }
  }
  const disconnect = async () => {
    const from = latch.getAccount().status
    const startedAt = performance.now()
    logout = { state: 'pending', from }
    settle(messages.pending('disconnect'))
    try {
      await latch.disconnect()
      result = messages.disconnected
    } catch (error) {
      result = failure('disconnect', error)
    }
    logout = { state: 'settled', from, ms: Math.round(performance.now() - startedAt) }
    render()
  }

  const button = (label: string, onClick: () => Promise<void>) => {
    const node = element('button', label)
    node.type = 'button'
    node.addEventListener('click', () => void onClick())
    buttons.append(node)
  }
  button(messages.connect, connect)
  for (const network of networks) button(messages.switchTo(network.name), () => switchTo(network))
  button(messages.disconnect, disconnect)

  latch.subscribeAccount((account) => {
    statuses.push(account.status)
    render()
  })
  // The readout shows the instance as it is from the first paint on, not only once it runs.
  render()
  // start() loads the instance's I/O (its own chunk); ready() says when it runs, and the
  // reconnect-on-load has begun.
  void latch.ready().then(() => {
    statusAtStart = latch.getAccount().status
    render()
    if (knobs.logoutAtLoad) void disconnect()
  })
}

const root = document.getElementById('root')!
const config = readPlaygroundConfig(globalThis)
if (config) run(root, config)
else root.append(element('h1', messages.heading), element('p', messages.noConfig))
