/**
 * The modal's chunk, as `lazy-modal.ts` imports it (issue 16): the modal with its views, and the
 * whole English catalogue their strings come from. Only the ConnectButton's strings
 * (`commonMessages`) are in a host's start-up JS.
 */
export { LatchModal } from './LatchModal.js'
export { enMessages } from '../i18n/en.js'
