export {
  defineNetwork,
  isTestnet,
  networkSchema,
  type Network,
  type NetworkInput,
} from './network.js'
