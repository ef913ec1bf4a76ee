import WiringApp

// Built, never run: the test only needs the wiring to compile.
_ = AppComposition.makeStore()
