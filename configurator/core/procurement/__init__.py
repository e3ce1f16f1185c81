"""What a buyer buys beyond the cards: bill of materials, money over the years, goodput at scale.

``prices`` reads the bundled, sourced unit prices (and the buyer's quotes); ``bom`` turns a
planned deployment into servers, fabric, storage, racks, facility and software lines; ``tco``
spreads them over the years; ``goodput`` turns failure rates into wall-clock time and spares.
Design notes: ``../shared/design/procurement.md``.
"""
