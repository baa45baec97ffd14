import { libraryConfig } from '@chess-formats/tsup-config';
import { defineConfig } from 'tsup';

export default defineConfig(libraryConfig());
