export { LinkPersonCard } from './components/LinkPersonCard';
