class Cart:
    def __init__(self):
        self.lines = []

    def add(self, name, price, qty=1):
        self.lines.append((name, price, qty))

    def total(self, percent=0):
        gross = sum(price * qty for _, price, qty in self.lines)
        return round(gross * (100 - percent) / 100, 2)
