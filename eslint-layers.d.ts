import type { Linter } from 'eslint';

/** Types of eslint-layers.js, for the test that lints snippets against its rules. */
export declare const FUNCTIONS_LAYER_ZONES: readonly {
  target: string | string[];
  from: string | string[];
  except?: string[];
  message: string;
}[];
export declare const functionsLayers: Linter.Config;
