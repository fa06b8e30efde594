package strict
