export function PartyPage() {
  return (
    <main>
      <h1>Diwali DJ Party</h1>
    </main>
  );
}
