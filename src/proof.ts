// The words every kind's proof answers in, shared so the shell reports both kinds alike.

export type SolveStatus = 'unique' | 'multiple' | 'none' | 'gave-up';

/** Why a solve gave up: its node budget, its interrupt (the shell's clock), or a cap of one solution. */
export type SolveLimit = 'nodes' | 'time' | 'cap';
