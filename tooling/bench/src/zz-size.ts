export { parseFen, writeFen } from '@chess-formats/fen';
