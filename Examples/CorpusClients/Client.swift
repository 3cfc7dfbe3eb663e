// The build plugin generates a client into this target from the OpenAPI document that
// scripts/check-example.sh copies in beside this file; a target needs a source file of its own.
import StrategyKit
