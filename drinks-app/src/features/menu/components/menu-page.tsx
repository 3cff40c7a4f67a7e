export function MenuPage() {
  return (
    <main>
      <h1>Drinks Menu</h1>
    </main>
  );
}
