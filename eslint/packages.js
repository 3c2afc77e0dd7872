// Filled in by the boundary work; see README, Architecture.
export default [];
