export {
  defineNetwork,
  isTestnet,
  hostNetworkSchema,
  networkSchema,
  type Network,
  type NetworkInput,
  type HostNetwork,
} from './network.js'
