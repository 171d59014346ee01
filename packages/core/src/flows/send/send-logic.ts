import { sendActors, type NameResolver } from './send-actors.js'
import { sendMachine } from './send.machine.js'
import type { LatchIo } from '../port.js'

/** The name resolver of the instance's account services (its Latch server); none without one. */
function nameResolver(io: LatchIo): NameResolver | undefined {
  const resolve = io.account?.resolveName
  return resolve && (({ name, network, signal }) => resolve({ name, network }, signal))
}

/**
 * The send machine with the instance's adapters and name resolver (send-actors.ts): the form's
 * (spawned by the root) and each page send's own.
 */
export function sendLogic(io: LatchIo) {
  return sendMachine.provide({ actors: sendActors(io.registry, nameResolver(io)) })
}
