//! de Bono's L-Game, strongly solved by retrograde analysis.
