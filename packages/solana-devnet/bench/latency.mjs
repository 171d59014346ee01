// `pnpm bench` for @latch/solana-devnet: how long startSolanaDevnet() takes (LiteSVM, the
// fixtures' 15 transactions, the server), and the latency of a SOL transfer sent and confirmed
// with @solana/kit's sendAndConfirmTransactionFactory (sendTransaction with preflight, then
// signatureSubscribe + getSignatureStatuses). Transactions are signed before the clock starts.
// A figure, not a test: nothing here fails on speed. Offline: 127.0.0.1 only.
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  createKeyPairSignerFromBytes,
  createSolanaRpc,
  createSolanaRpcSubscriptions,
  createTransactionMessage,
  generateKeyPairSigner,
  lamports,
  pipe,
  sendAndConfirmTransactionFactory,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit'
import { startSolanaDevnet } from '../dist/index.js'

const STARTS = Number(process.env.LATCH_BENCH_STARTS ?? 5)
const RUNS = Number(process.env.LATCH_BENCH_RUNS ?? 20)

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
    const devnet = await startSolanaDevnet()
    times.push(performance.now() - t0)
    await devnet.stop()
  }
  return times
}

async function sendAndConfirmLatencies(devnet) {
  const rpc = createSolanaRpc(devnet.rpcUrl)
  const rpcSubscriptions = createSolanaRpcSubscriptions(devnet.wsUrl)
  const sendAndConfirm = sendAndConfirmTransactionFactory({ rpc, rpcSubscriptions })
  const payer = await createKeyPairSignerFromBytes(devnet.accounts[1].secretKey)
  const recipient = (await generateKeyPairSigner()).address

  async function signedTransfer(amount) {
    const { value: blockhash } = await rpc.getLatestBlockhash().send()
    return pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) =>
        appendTransactionMessageInstruction(
          getTransferSolInstruction({
            source: payer,
            destination: recipient,
            amount: lamports(amount),
          }),
          m,
        ),
      (m) => signTransactionMessageWithSigners(m),
    )
  }

  // Warm-up: the WebSocket connection, module JIT.
  await sendAndConfirm(await signedTransfer(1_000_000_000n), { commitment: 'confirmed' })
  const times = []
  for (let i = 0; i < RUNS; i++) {
    // A distinct amount each time, so no two transfers share a signature.
    const transaction = await signedTransfer(1_000_000n + BigInt(i))
    const t0 = performance.now()
    await sendAndConfirm(transaction, { commitment: 'confirmed' })
    times.push(performance.now() - t0)
  }
  return times
}

let exitCode = 0
let devnet
try {
  const starts = await startUps()
  devnet = await startSolanaDevnet()
  const confirms = await sendAndConfirmLatencies(devnet)
  console.log(`@latch/solana-devnet (LiteSVM 1.5, @solana/kit 8.4), in Node ${process.version}`)
  console.log(`  startSolanaDevnet() → ready (${STARTS} starts)        ${summary(starts)}`)
  console.log(`  SOL transfer send-and-confirm (${RUNS} runs)       ${summary(confirms)}`)
} catch (error) {
  console.error('solana-devnet bench failed:', error)
  exitCode = 1
} finally {
  await devnet?.stop()
}
process.exit(exitCode)
