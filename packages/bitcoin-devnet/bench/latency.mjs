// `pnpm bench` for @latch/bitcoin-devnet: how long startBitcoinDevnet() takes (the faucet
// payments to every account, block 1, the server), and the latency of `POST /api/tx` for a
// 10-input P2WPKH transaction (a PSBT signed with bitcoinjs-lib), which the server decodes,
// checks and verifies input by input (BIP-143 sighash + ECDSA) before it answers; a 1-input one
// for comparison. Transactions are signed before the clock starts.
// A figure, not a test: nothing here fails on speed. Offline: 127.0.0.1 only.
import * as ecc from '@bitcoinerlab/secp256k1'
import { address, initEccLib, networks, Psbt } from 'bitcoinjs-lib'
import { ECPairFactory } from 'ecpair'
import { startBitcoinDevnet } from '../dist/index.js'

const STARTS = Number(process.env.LATCH_BENCH_STARTS ?? 5)
const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 20)
const COIN = 100_000

initEccLib(ecc)
const ECPair = ECPairFactory(ecc)

function summary(values) {
  const sorted = [...values].sort((a, b) => a - b)
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]
  const f = (n) => `${n.toFixed(1)} ms`.padStart(10)
  return `median ${f(at(0.5))}  p90 ${f(at(0.9))}  min ${f(sorted[0])}  max ${f(sorted.at(-1))}`
}

async function startUps() {
  const times = []
  for (let i = 0; i < STARTS; i++) {
    const t0 = performance.now()
    const devnet = await startBitcoinDevnet({ port: 0 })
    times.push(performance.now() - t0)
    await devnet.stop()
  }
  return times
}

/** Signed raw transactions, each spending `inputs` fresh faucet coins of account 0's payment key. */
function signedSpends(devnet, count, inputs) {
  const key = devnet.accounts[0].payment
  const signer = ECPair.fromPrivateKey(Buffer.from(key.privateKey, 'hex'), {
    network: networks.regtest,
  })
  const script = address.toOutputScript(key.address, networks.regtest)
  const coins = Array.from({ length: count * inputs }, () => devnet.faucet(key.address, COIN))
  devnet.mine()
  return Array.from({ length: count }, (_, run) => {
    const psbt = new Psbt({ network: networks.regtest })
    for (const coin of coins.slice(run * inputs, (run + 1) * inputs)) {
      psbt.addInput({
        hash: coin.txid,
        index: coin.vout,
        witnessUtxo: { script, value: BigInt(COIN) },
      })
    }
    psbt.addOutput({ script, value: BigInt(COIN * inputs - 2_000 * inputs) })
    psbt.signAllInputs(signer).finalizeAllInputs()
    return psbt.extractTransaction(true).toHex()
  })
}

async function broadcastLatencies(devnet, inputs) {
  const [warmUp, ...spends] = signedSpends(devnet, RUNS + 1, inputs)
  const post = async (hex) => {
    const response = await fetch(`${devnet.esploraUrl}/tx`, { method: 'POST', body: hex })
    const text = await response.text()
    if (response.status !== 200) throw new Error(`POST /api/tx: ${response.status} ${text}`)
  }
  await post(warmUp)
  const times = []
  for (const hex of spends) {
    const t0 = performance.now()
    await post(hex)
    times.push(performance.now() - t0)
  }
  return times
}

let exitCode = 0
let devnet
try {
  const starts = await startUps()
  devnet = await startBitcoinDevnet({ port: 0 })
  const ten = await broadcastLatencies(devnet, 10)
  const one = await broadcastLatencies(devnet, 1)
  console.log(
    `@latch/bitcoin-devnet (bitcoinjs-lib 7, @bitcoinerlab/secp256k1 2), in Node ${process.version}`,
  )
  console.log(`  startBitcoinDevnet() → ready (${STARTS} starts)          ${summary(starts)}`)
  console.log(`  POST /api/tx, 10 P2WPKH inputs verified (${RUNS} runs)  ${summary(ten)}`)
  console.log(`  POST /api/tx, 1 P2WPKH input verified (${RUNS} runs)    ${summary(one)}`)
} catch (error) {
  console.error('bitcoin-devnet bench failed:', error)
  exitCode = 1
} finally {
  await devnet?.stop()
}
process.exit(exitCode)
