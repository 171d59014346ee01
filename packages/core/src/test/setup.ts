// The started instance's I/O is its own chunk (latch/runtime.ts, loaded by start()). Loading
// it here once means each test's start() runs in a few microtasks, as it does in a browser
// once the chunk is cached, instead of waiting on the test runner's first transform.
import '../latch/runtime.js'
// Likewise the WalletConnect client's configuration, built (and loaded) on first pairing.
import '../walletconnect/config.js'
// And each flow's runtime part (flows/<flow>/<flow>.runtime.ts), which start() loads beside it.
import { builtInFlows } from '../flows/list.js'

await Promise.all(builtInFlows.modules.map((module) => module.load()))
