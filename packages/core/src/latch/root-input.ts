import type { Alert } from '../errors/alerts.js'
import type { ModalInput } from '../machines/modal.machine.js'
import type { NetworkMachineInput } from '../machines/network.machine.js'
import type { LatchOptions, ResolvedFeatures } from '../options/schema.js'
import type { LatchTheme } from '../options/theme.js'
import type { AnyFlowList } from '../flows/flow-list.js'
import type { LatchIo } from '../flows/port.js'

/** What `createLatch` hands the root: its children's inputs, the options in force, its I/O. */
export interface LatchRootInput {
  network: NetworkMachineInput
  modal: ModalInput
  alerts: readonly Alert[]
  /** The features in force: the host's, with defaults applied. */
  features: ResolvedFeatures
  /** What the host set explicitly, to tell which local settings a remote config overrides. */
  featuresInput: LatchOptions['features']
  /** The theme the host created the instance with. */
  theme: LatchTheme
  io: LatchIo
  /** The flows the instance runs. */
  flows: AnyFlowList
}
