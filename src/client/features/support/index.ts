/** What other features use of support: the member's tickets and the thread view. */
export { MyTickets } from './MyTickets.tsx';
export { StatusBadge, TicketThread } from './TicketThread.tsx';
