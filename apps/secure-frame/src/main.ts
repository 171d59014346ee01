import { createFrameEndpoint } from '@latch/frame/endpoint'
import { createApi } from './api.js'
import { domApprover, type DappInfo } from './approval.js'
import { allowsParent, readFrameConfig } from './config.js'
import { createWalletKeeper } from './custody.js'
import { createHandlers } from './handlers.js'
import { indexedDbStore, memoryStore, type KeyValueStore } from './store.js'
import { loadDeviceKey, loadWrappingKey } from './keys.js'
import { signedInRpcFetch } from './rpc-fetch.js'
import { createSession } from './session.js'
import { createFarcasterLogin } from './farcaster.js'
import { createSocialLogin } from './social.js'
import { frameTheme } from './theme.js'
import './style.css'

// The secure frame's start: the server's configuration for this project, the browser's keys,
// then the endpoint. The endpoint checks its parent's origin against the same ancestors the
// server's CSP allowed, and stays inert (telling the host ORIGIN_NOT_ALLOWED) otherwise.

/** The frame's IndexedDB database: on the Latch server's origin, out of any host's reach. */
const DATABASE = 'latch-secure-frame'

/**
 * The frame's IndexedDB, or memory when the browser denies storage to a frame of another site
 * (third-party storage blocked by a setting): the login then lasts as long as the page, and
 * each load is a new device to approve. Nothing is ever kept anywhere else instead.
 */
async function openStore(): Promise<KeyValueStore> {
  const store = indexedDbStore(DATABASE)
  try {
    await store.get('device-key')
    return store
  } catch (error) {
    console.warn('[latch-secure-frame] no storage in this browser: keeping nothing', error)
    return memoryStore()
  }
}

async function start(): Promise<void> {
  const config = readFrameConfig(document)
  const store = await openStore()
  const device = await loadDeviceKey(store)
  const api = createApi({ apiUrl: config.apiUrl, projectId: config.projectId, device })
  const session = createSession({ api, store, projectId: config.projectId })
  const wallet = createWalletKeeper({ store, wrappingKey: () => loadWrappingKey(store), session })
  const root = document.getElementById('approval')
  if (!root) throw new Error('The frame page has no approval element')
  let dapp: DappInfo = {}
  const theme = frameTheme(root, () => matchMedia('(prefers-color-scheme: dark)').matches)
  const chainId = new URLSearchParams(location.search).get('chainId') ?? undefined
  createFrameEndpoint({
    allowedParentOrigins: allowsParent(config),
    handlers: createHandlers({
      config,
      ...(chainId ? { initialChainId: /^[0-9]+$/.test(chainId) ? Number(chainId) : chainId } : {}),
      api,
      session,
      wallet,
      social: createSocialLogin({ api, serverUrl: config.apiUrl }),
      farcaster: createFarcasterLogin({ api }),
      approve: domApprover(root, () => dapp),
      applyTheme: theme.apply,
      setDapp: (info) => {
        dapp = info
      },
      reload: () => location.reload(),
      fetch: signedInRpcFetch({ device, accessToken: () => session.accessToken() }),
    }),
  })
}

start().catch((error: unknown) => {
  // Nothing is posted: without a READY the host's load timeout says 'Network Error - Could not
  // load embedded wallet' (SPEC §8), and the reason stays here, for whoever debugs the server.
  console.error('[latch-secure-frame]', error)
})
